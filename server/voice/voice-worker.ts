import { Worker } from "node:worker_threads";
import { voiceTimeLimitMs } from "../media/time-limits.ts";
import { ToolAbortedError, ToolTimeLimitError } from "../media/tool-process.ts";
import { VoiceError, type VoiceProvider } from "./voice-provider.ts";

/** What a synthesis worker posts, once: each text's audio, or the message the camper is shown. */
export type VoiceWorkerAnswer = { ok: true; audio: Uint8Array[] } | { ok: false; message: string };

/** How long a worker may take and what stops it: like a program's run (tool-process.ts). */
export interface WorkerLimits {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs `source` (plain CommonJS, so no loaders of the parent, test runners or tsx, are carried into
 * it) in a worker thread with `workerData`, and settles with the one answer it posts. Synthesis is
 * CPU-bound: the server keeps answering meanwhile. The worker is ended at its time limit (a
 * ToolTimeLimitError) or when `signal` aborts (a ToolAbortedError).
 */
export function synthesizeInWorker(source: string, workerData: object, limits: WorkerLimits): Promise<Buffer[]> {
  const name = "the built-in voice";
  if (limits.signal?.aborted) return Promise.reject(new ToolAbortedError(name, limits.signal.reason));
  const worker = new Worker(source, { eval: true, execArgv: [], workerData });
  return new Promise<Buffer[]>((resolve, reject) => {
    const stop = (error: Error) => {
      reject(error);
      void worker.terminate();
    };
    const timer = setTimeout(() => stop(new ToolTimeLimitError(name, limits.timeoutMs)), limits.timeoutMs);
    const onAbort = () => stop(new ToolAbortedError(name, limits.signal?.reason));
    limits.signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("exit", () => {
      clearTimeout(timer);
      limits.signal?.removeEventListener("abort", onAbort);
    });
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

/** The limits of reading these texts in one worker (TIME_LIMITS.voice). */
export function voiceWorkerLimits(texts: readonly string[], signal?: AbortSignal): WorkerLimits {
  return { timeoutMs: voiceTimeLimitMs(texts), signal };
}

/** A built-in voice that reads several texts in one worker, so its engine and voice load once. */
export abstract class WorkerVoice implements VoiceProvider {
  abstract readonly providerName: string;
  readonly sendsTextAway = false;
  abstract readonly voices: readonly string[];
  abstract readonly defaultVoice: string;
  readonly maxInputChars = 100_000;
  readonly format = "wav" as const;

  async synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer> {
    const [audio] = await this.synthesizeEach([text], voice, signal);
    return audio!;
  }

  abstract synthesizeEach(texts: string[], voice: string, signal?: AbortSignal): Promise<Buffer[]>;
}
