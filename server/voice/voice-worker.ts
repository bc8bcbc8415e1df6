import { Worker } from "node:worker_threads";
import { VoiceError, type VoiceProvider } from "./voice-provider.ts";

/** What a synthesis worker posts, once: each text's audio, or the message the camper is shown. */
export type VoiceWorkerAnswer = { ok: true; audio: Uint8Array[] } | { ok: false; message: string };

/**
 * Runs `source` (plain CommonJS, so no loaders of the parent, test runners or tsx, are carried into
 * it) in a worker thread with `workerData`, and settles with the one answer it posts. Synthesis is
 * CPU-bound: the server keeps answering meanwhile.
 */
export function synthesizeInWorker(source: string, workerData: object): Promise<Buffer[]> {
  const worker = new Worker(source, { eval: true, execArgv: [], workerData });
  return new Promise((resolve, reject) => {
    worker.once("message", (answer: VoiceWorkerAnswer) => {
      void worker.terminate();
      if (answer.ok) resolve(answer.audio.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)));
      else reject(new VoiceError(502, answer.message));
    });
    worker.once("error", (error) => reject(new VoiceError(502, `The built-in voice failed: ${error.message}`)));
    // Settles nothing when an answer came first; otherwise the worker ended without one.
    worker.once("exit", (code) => reject(new VoiceError(502, `The built-in voice stopped (exit code ${code})`)));
  });
}

/** A built-in voice that reads several texts in one worker, so its engine and voice load once. */
export abstract class WorkerVoice implements VoiceProvider {
  abstract readonly providerName: string;
  abstract readonly voices: readonly string[];
  abstract readonly defaultVoice: string;
  readonly maxInputChars = 100_000;
  readonly format = "wav" as const;

  async synthesize(text: string, voice: string): Promise<Buffer> {
    const [audio] = await this.synthesizeEach([text], voice);
    return audio!;
  }

  abstract synthesizeEach(texts: string[], voice: string): Promise<Buffer[]>;
}
