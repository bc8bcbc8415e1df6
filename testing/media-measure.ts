import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { resolveVideoTools } from "../server/media/video-tools.ts";

/**
 * A finished MP4 measured as an outside checker would: ffmpeg's own meters (ebur128, volumedetect) and
 * frame grabs, never the server's figures. Used by the journey e2e to check what a camper downloads.
 */
const run = promisify(execFile);
const ffmpeg = () => resolveVideoTools({}).ffmpeg;
const BIG = 64 * 1024 * 1024;

export interface Loudness {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** The highest true peak over both channels, dBTP. */
  truePeak: number;
}

/** ebur128=peak=true over the whole file's sound: its summary's "I:" and true "Peak:". */
export async function loudness(file: string): Promise<Loudness> {
  const { stderr } = await run(ffmpeg(), ["-hide_banner", "-nostats", "-nostdin", "-i", file, "-vn", "-af", "ebur128=peak=true", "-f", "null", "-"], {
    maxBuffer: BIG,
  });
  // The summary comes last; the running lines before it carry the same labels.
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || Number.isNaN(truePeak)) throw new Error(`ebur128 summary not understood:\n${summary}`);
  return { integrated, truePeak };
}

export const integratedLoudness = async (file: string) => (await loudness(file)).integrated;
export const truePeak = async (file: string) => (await loudness(file)).truePeak;

export interface Window {
  start: number;
  end: number;
}

/** The RMS level (volumedetect's mean_volume, dBFS) of each window of the file's sound; -Infinity for digital silence. */
export async function rmsWindows(file: string, windows: readonly Window[]): Promise<number[]> {
  const levels: number[] = [];
  for (const w of windows) {
    const { stderr } = await run(
      ffmpeg(),
      ["-hide_banner", "-nostats", "-nostdin", "-i", file, "-vn", "-af", `atrim=start=${w.start.toFixed(3)}:end=${w.end.toFixed(3)},volumedetect`, "-f", "null", "-"],
      { maxBuffer: BIG },
    );
    const mean = /mean_volume:\s+(-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
    if (mean === undefined) levels.push(-Infinity);
    else levels.push(mean === "-inf" ? -Infinity : Number(mean));
  }
  return levels;
}

/** One frame at `seconds`, scaled to w x h, as raw pixels: 1 byte a pixel (gray) or 3 (rgb24), row by row. */
export async function frameAt(file: string, seconds: number, w: number, h: number, pixels: "gray" | "rgb24"): Promise<Buffer> {
  const { stdout } = await run(
    ffmpeg(),
    ["-hide_banner", "-v", "error", "-nostdin", "-ss", seconds.toFixed(3), "-i", file, "-frames:v", "1", "-vf", `scale=${w}:${h}:flags=area,format=${pixels}`, "-f", "rawvideo", "-"],
    { encoding: "buffer", maxBuffer: BIG },
  );
  const expected = w * h * (pixels === "gray" ? 1 : 3);
  if (stdout.length !== expected) throw new Error(`frame at ${seconds} s: ${stdout.length} bytes, expected ${expected}`);
  return stdout;
}

export const frameGray = (file: string, seconds: number, w: number, h: number) => frameAt(file, seconds, w, h, "gray");

/** Mean absolute difference of two gray frames of the same size, 0..255. */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error("frames differ in size");
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** "#12355b" -> [18, 53, 91]. */
export function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The largest channel difference between two colours. */
export const colourDistance = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/** Where the pixels of an rgb24 frame that pass `match` are: how many, and their bounding box (null when none). */
export function pixelsWhere(rgb: Buffer, w: number, match: (r: number, g: number, b: number) => boolean) {
  let count = 0;
  let box: { left: number; top: number; right: number; bottom: number } | null = null;
  for (let i = 0, p = 0; i < rgb.length; i += 3, p++) {
    if (!match(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)) continue;
    const x = p % w;
    const y = Math.floor(p / w);
    count++;
    box = box
      ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x), bottom: Math.max(box.bottom, y) }
      : { left: x, top: y, right: x, bottom: y };
  }
  return { count, box };
}

/** One frame at `seconds` written as a PNG at the video's own size (for the README's pictures). */
export async function framePng(file: string, seconds: number, out: string, width?: number): Promise<void> {
  const scale = width ? ["-vf", `scale=${width}:-2`] : [];
  await run(ffmpeg(), ["-hide_banner", "-v", "error", "-nostdin", "-y", "-ss", seconds.toFixed(3), "-i", file, "-frames:v", "1", ...scale, out]);
}
