import { stat } from "node:fs/promises";

/**
 * How long one run of a tool may take: a base (starting up, small files, a busy machine) plus a
 * share of the media's length, so a run that hangs or was fed something built to be slow is stopped
 * instead of holding a CPU for ever, while the longest real media still fits with room to spare.
 * Each rate is far slower than what was measured on a 2-core machine already busy with other work.
 */
export const TIME_LIMITS = {
  /**
   * Reading, copying or decoding a stored file (probe, remux, poster, the sound for listening,
   * silences, joining voice parts): by its size, since its length in seconds is often what is being
   * found out. Decoding a camera's WebM runs at well over 10 MiB a second there; 1 s per MiB allows
   * a 1 GiB upload 17 minutes.
   */
  mediaFile: { baseMs: 30_000, perMiBMs: 1_000 },
  /** Listening (pocketsphinx) per second of sound: measured 0.66 s with a full language model, 0.03 s with the script's grammar. */
  listening: { baseMs: 30_000, perSecondMs: 1_000 },
  /**
   * Reading text aloud, by the seconds of speech expected (about 16 characters a second at the
   * built-in voices' pace; 14 counted to be safe). espeak-ng made 670 s of speech in 1.1 s; the
   * WebAssembly voices are slower, and 0.5 s per second of speech leaves them room.
   */
  voice: { baseMs: 30_000, perSecondMs: 500, charactersPerSecond: 14 },
  /** A render per second of finished video: libx264 (veryfast, 1080p30) measured 1.4 s on a loaded 2-core machine. */
  render: { baseMs: 120_000, perSecondMs: 10_000 },
} as const;

const MIB = 1024 * 1024;

type LimitKind = keyof typeof TIME_LIMITS;
let scales: Partial<Record<LimitKind, number>> = {};

/**
 * Runs `work` with the limits of every run started until it settles multiplied by `factors`: how a
 * test reaches a limit without waiting minutes for it. (A request's body arrives through streams,
 * which lose an AsyncLocalStorage's context, so the factors are the process's while `work` runs.)
 */
export async function withTimeLimitsScaled<T>(factors: Partial<Record<LimitKind, number>>, work: () => Promise<T>): Promise<T> {
  const before = scales;
  scales = { ...before, ...factors };
  try {
    return await work();
  } finally {
    scales = before;
  }
}

const scaled = (kind: LimitKind, ms: number) => Math.ceil(ms * (scales[kind] ?? 1));

/** For a run over stored files of these sizes in bytes. */
export function mediaFileTimeLimitMs(bytes: number): number {
  return scaled("mediaFile", TIME_LIMITS.mediaFile.baseMs + (Math.max(0, bytes) / MIB) * TIME_LIMITS.mediaFile.perMiBMs);
}

/** For a run over these files (their sizes together; a file that cannot be read counts nothing, and the tool will say why). */
export async function mediaFilesTimeLimitMs(files: readonly string[]): Promise<number> {
  const sizes = await Promise.all(files.map((file) => stat(file).then((s) => s.size, () => 0)));
  return mediaFileTimeLimitMs(sizes.reduce((a, b) => a + b, 0));
}

/** For listening to this many seconds of sound. */
export function listeningTimeLimitMs(seconds: number): number {
  return scaled("listening", TIME_LIMITS.listening.baseMs + Math.max(0, seconds) * TIME_LIMITS.listening.perSecondMs);
}

/** For reading these texts aloud in one run. */
export function voiceTimeLimitMs(texts: string | readonly string[]): number {
  const characters = (typeof texts === "string" ? [texts] : texts).reduce((n, t) => n + t.length, 0);
  return scaled("voice", TIME_LIMITS.voice.baseMs + (characters / TIME_LIMITS.voice.charactersPerSecond) * TIME_LIMITS.voice.perSecondMs);
}

/** For rendering a video of this many seconds. */
export function renderTimeLimitMs(seconds: number): number {
  return scaled("render", TIME_LIMITS.render.baseMs + Math.max(0, seconds) * TIME_LIMITS.render.perSecondMs);
}
