import { createRequire } from "node:module";
import { voiceTimeLimitMs } from "../media/time-limits.ts";
import { runTool, toolRuns } from "../media/tool-process.ts";
import { VoiceError, type VoiceProvider } from "./voice-provider.ts";
import { synthesizeInWorker, voiceWorkerLimits, WorkerVoice } from "./voice-worker.ts";

const require = createRequire(import.meta.url);

const VOICES = ["en-us", "en", "en-us+f3", "en-us+m3"] as const;

/** Debian's espeak-ng, when the machine has it: a separate process, so the server never blocks. */
export class EspeakNgVoice implements VoiceProvider {
  readonly providerName = "Built-in voice (eSpeak NG)";
  readonly sendsTextAway = false;
  readonly voices = VOICES;
  readonly defaultVoice = "en-us";
  readonly maxInputChars = 100_000;
  readonly format = "wav" as const;

  constructor(private readonly binary = "espeak-ng") {}

  static available(binary = "espeak-ng"): boolean {
    return toolRuns(binary, ["--version"]);
  }

  /**
   * The text goes on standard input, never on the command line: there a sentence starting with "-f"
   * was an option (read this file aloud) and "-w" one too (write a file). `--stdin` reads to the end
   * and drops the last character, a line end, so one is added.
   */
  async synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer> {
    if (!(VOICES as readonly string[]).includes(voice)) throw new VoiceError(502, "That voice is not available");
    const { stdout } = await runTool(this.binary, ["-v", voice, "-s", "155", "--stdout", "--stdin"], {
      input: `${text}\n`,
      encoding: "buffer",
      maxBuffer: 512 * 1024 * 1024,
      timeoutMs: voiceTimeLimitMs(text),
      signal,
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

  synthesizeEach(texts: string[], voice: string, signal?: AbortSignal): Promise<Buffer[]> {
    const [base, variant] = voice.split("+");
    const paths = {
      mespeak: require.resolve("mespeak"),
      config: require.resolve("mespeak/src/mespeak_config.json"),
      voice: require.resolve(`mespeak/voices/en/${base === "en" ? "en" : "en-us"}.json`),
    };
    // meSpeak puts the text last on its eSpeak's command line, with no "--" before it: a leading space
    // keeps a text that starts with "-" (-f, -w, --help) from being taken for an option.
    const spoken = texts.map((text) => ` ${text}`);
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
      { paths, texts: spoken, variant: variant ?? undefined },
      voiceWorkerLimits(texts, signal),
    );
  }
}
