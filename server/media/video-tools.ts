import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface VideoToolPaths {
  ffmpeg: string;
  ffprobe: string;
}

/** ffmpeg and ffprobe from config, else the binaries the npm packages ship (so `npm install` is enough). */
export function resolveVideoTools(config: { ffmpegPath?: string; ffprobePath?: string }): VideoToolPaths {
  return {
    ffmpeg: config.ffmpegPath ?? (require("@ffmpeg-installer/ffmpeg") as { path: string }).path,
    ffprobe: config.ffprobePath ?? (require("@ffprobe-installer/ffprobe") as { path: string }).path,
  };
}

export type VideoContainer = "webm" | "mp4";

/** Rewrites the container without re-encoding: MediaRecorder WebM gains a duration and seek index. */
export async function remux(tools: VideoToolPaths, input: string, output: string, container: VideoContainer) {
  const args = ["-v", "error", "-nostdin", "-y", "-i", input, "-map", "0", "-c", "copy"];
  if (container === "mp4") args.push("-movflags", "+faststart");
  args.push("-f", container, output);
  await run(tools.ffmpeg, args, { maxBuffer: 1024 * 1024 });
}

interface ProbeResult {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What ffprobe says of a file: its duration and which kinds of stream it has. */
async function probe(tools: VideoToolPaths, file: string): Promise<ProbeResult> {
  const { stdout } = await run(
    tools.ffprobe,
    ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", file],
    { maxBuffer: 1024 * 1024 },
  );
  const parsed = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  const types = new Set(parsed.streams?.map((s) => s.codec_type));
  return { durationSeconds: Number(parsed.format?.duration), hasVideo: types.has("video"), hasAudio: types.has("audio") };
}

function requireDuration(result: ProbeResult, has: boolean, what: string): number {
  if (!has || !Number.isFinite(result.durationSeconds) || result.durationSeconds <= 0) {
    throw new Error(`no ${what} stream with a duration`);
  }
  return result.durationSeconds;
}

/** The media's duration in seconds; throws when the file is not readable video. */
export async function probeDuration(tools: VideoToolPaths, file: string): Promise<number> {
  const result = await probe(tools, file);
  return requireDuration(result, result.hasVideo, "video");
}

/** An audio file's duration in seconds; throws when it has no audio stream. */
export async function probeAudioDuration(tools: VideoToolPaths, file: string): Promise<number> {
  const result = await probe(tools, file);
  return requireDuration(result, result.hasAudio, "audio");
}

/** Joins audio files end to end into one file of the same kind (WAV or MP3). */
export async function concatAudio(tools: VideoToolPaths, inputs: string[], output: string, format: "wav" | "mp3") {
  const args = ["-v", "error", "-nostdin", "-y"];
  for (const input of inputs) args.push("-i", input);
  args.push("-filter_complex", `${inputs.map((_, i) => `[${i}:a]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`, "-map", "[a]");
  args.push(...(format === "wav" ? ["-c:a", "pcm_s16le", "-f", "wav"] : ["-c:a", "libmp3lame", "-q:a", "4", "-f", "mp3"]), output);
  await run(tools.ffmpeg, args, { maxBuffer: 1024 * 1024 });
}

/** Whether a file has an audio stream (clips recorded without a microphone have none). */
export async function hasAudioStream(tools: VideoToolPaths, file: string): Promise<boolean> {
  return (await probe(tools, file)).hasAudio;
}
