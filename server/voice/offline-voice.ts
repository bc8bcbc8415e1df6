import { execFile, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import type { VoiceProvider } from "./voice-provider.ts";
import { synthesizeInWorker, WorkerVoice } from "./voice-worker.ts";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

const VOICES = ["en-us", "en", "en-us+f3", "en-us+m3"] as const;

/** Debian's espeak-ng, when the machine has it: a separate process, so the server never blocks. */
export class EspeakNgVoice implements VoiceProvider {
  readonly providerName = "Built-in voice (eSpeak NG)";
  readonly voices = VOICES;
  readonly defaultVoice = "en-us";
  readonly maxInputChars = 100_000;
  readonly format = "wav" as const;

  constructor(private readonly binary = "espeak-ng") {}

  static available(binary = "espeak-ng"): boolean {
    return spawnSync(binary, ["--version"], { stdio: "ignore" }).status === 0;
  }

  async synthesize(text: string, voice: string): Promise<Buffer> {
    const { stdout } = await run(this.binary, ["-v", voice, "-s", "155", "--stdout", text], {
      encoding: "buffer",
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
}

/**
 * meSpeak (eSpeak compiled to JavaScript) from npm, so `npm install` alone gives a voice. It is
 * synchronous and CPU-heavy, so it synthesises in a worker thread.
 */
export class MeSpeakVoice extends WorkerVoice {
  readonly providerName = "Built-in voice (meSpeak)";
  readonly voices = VOICES;
  readonly defaultVoice = "en-us";

  synthesizeEach(texts: string[], voice: string): Promise<Buffer[]> {
    const [base, variant] = voice.split("+");
    const paths = {
      mespeak: require.resolve("mespeak"),
      config: require.resolve("mespeak/src/mespeak_config.json"),
      voice: require.resolve(`mespeak/voices/en/${base === "en" ? "en" : "en-us"}.json`),
    };
    // Worker code as a string works the same from the TypeScript sources and the built server.
    return synthesizeInWorker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const log = console.log; console.log = () => {};
       const meSpeak = require(workerData.paths.mespeak);
       meSpeak.loadConfig(require(workerData.paths.config));
       meSpeak.loadVoice(require(workerData.paths.voice));
       const out = workerData.texts.map((text) => meSpeak.speak(text, { rawdata: "buffer", speed: 155, variant: workerData.variant }));
       console.log = log;
       parentPort.postMessage(out.every(Boolean)
         ? { ok: true, audio: out.map((a) => Buffer.from(a)) }
         : { ok: false, message: "The built-in voice could not read this text" });`,
      { paths, texts, variant: variant ?? undefined },
    );
  }
}
