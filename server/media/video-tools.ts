import { createRequire } from "node:module";
import { registerMediaTool } from "./media-inputs.ts";
import { mediaFilesTimeLimitMs } from "./time-limits.ts";
import { onPath, runTool } from "./tool-process.ts";

const require = createRequire(import.meta.url);

export interface VideoToolPaths {
  ffmpeg: string;
  ffprobe: string;
}

/** Where each binary came from: configured, the system's (kept up to date by its packages), or npm's. */
export type VideoToolSource = "config" | "system" | "npm";

/**
 * ffmpeg and ffprobe, in this order: the configured paths; the system's (Debian's `ffmpeg` package gets
 * security fixes, and every uploaded file goes through these decoders); else the binaries the npm packages
 * ship (a 2018 build), so `npm install` alone still works.
 */
export function resolveVideoTools(config: { ffmpegPath?: string; ffprobePath?: string }): VideoToolPaths & {
  sources: { ffmpeg: VideoToolSource; ffprobe: VideoToolSource };
} {
  const pick = (configured: string | undefined, name: string, npmPackage: string) => {
    if (configured) return { path: configured, source: "config" as const };
    const system = onPath(name);
    if (system) return { path: system, source: "system" as const };
    return { path: (require(npmPackage) as { path: string }).path, source: "npm" as const };
  };
  const ffmpeg = pick(config.ffmpegPath, "ffmpeg", "@ffmpeg-installer/ffmpeg");
  const ffprobe = pick(config.ffprobePath, "ffprobe", "@ffprobe-installer/ffprobe");
  // Their inputs are guarded (media-inputs.ts) even when a configured path has another name.
  registerMediaTool(ffmpeg.path);
  registerMediaTool(ffprobe.path);
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, sources: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source } };
}

export type VideoContainer = "webm" | "mp4";

/**
 * Runs ffmpeg or ffprobe over stored files: limited in time by their sizes (TIME_LIMITS.mediaFile),
 * stopped with `signal`. The helper pins each input's format and protocols (media-inputs.ts).
 */
export async function runMediaTool(
  tool: string,
  args: readonly string[],
  inputs: readonly string[],
  options: { signal?: AbortSignal; maxBuffer?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return runTool(tool, args, { maxBuffer: options.maxBuffer ?? 1024 * 1024, signal: options.signal, timeoutMs: await mediaFilesTimeLimitMs(inputs) });
}

/** Rewrites the container without re-encoding: MediaRecorder WebM gains a duration and seek index. */
export async function remux(tools: VideoToolPaths, input: string, output: string, container: VideoContainer, signal?: AbortSignal) {
  const args = ["-v", "error", "-nostdin", "-y", "-i", input, "-map", "0", "-c", "copy"];
  if (container === "mp4") args.push("-movflags", "+faststart");
  args.push("-f", container, output);
  await runMediaTool(tools.ffmpeg, args, [input], { signal });
}

interface ProbeResult {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What ffprobe says of a file: its duration and which kinds of stream it has. */
async function probe(tools: VideoToolPaths, file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const { stdout } = await runMediaTool(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", "-i", file], [file], { signal });
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

/** A video's duration in seconds and whether it has sound, in one ffprobe run; throws when it is not readable video. */
export async function probeVideo(tools: VideoToolPaths, file: string, signal?: AbortSignal): Promise<{ durationSeconds: number; hasAudio: boolean }> {
  const result = await probe(tools, file, signal);
  return { durationSeconds: requireDuration(result, result.hasVideo, "video"), hasAudio: result.hasAudio };
}

/** An audio file's duration in seconds; throws when it has no audio stream. */
export async function probeAudioDuration(tools: VideoToolPaths, file: string, signal?: AbortSignal): Promise<number> {
  const result = await probe(tools, file, signal);
  return requireDuration(result, result.hasAudio, "audio");
}

/** Joins audio files end to end into one file of the same kind (WAV or MP3). */
export async function concatAudio(tools: VideoToolPaths, inputs: string[], output: string, format: "wav" | "mp3", signal?: AbortSignal) {
  const args = ["-v", "error", "-nostdin", "-y"];
  for (const input of inputs) args.push("-i", input);
  args.push("-filter_complex", `${inputs.map((_, i) => `[${i}:a]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`, "-map", "[a]");
  args.push(...(format === "wav" ? ["-c:a", "pcm_s16le", "-f", "wav"] : ["-c:a", "libmp3lame", "-q:a", "4", "-f", "mp3"]), output);
  await runMediaTool(tools.ffmpeg, args, inputs, { signal });
}

/** Whether a file has an audio stream (clips recorded without a microphone have none). */
export async function hasAudioStream(tools: VideoToolPaths, file: string, signal?: AbortSignal): Promise<boolean> {
  return (await probe(tools, file, signal)).hasAudio;
}

/**
 * A JPEG still from a video for its player's poster: a frame a little way in (the very first frame
 * of a camera recording is often dark while the exposure settles), at most 640 px wide.
 */
export async function grabPoster(tools: VideoToolPaths, input: string, output: string, durationSeconds: number, signal?: AbortSignal) {
  const at = Math.min(1, durationSeconds / 3);
  const args = ["-v", "error", "-nostdin", "-y", "-ss", at.toFixed(3), "-i", input, "-frames:v", "1"];
  args.push("-vf", "scale='min(640,iw)':-2", "-q:v", "4", "-f", "image2", "-c:v", "mjpeg", output);
  await runMediaTool(tools.ffmpeg, args, [input], { signal });
}

export interface Silence {
  start: number;
  end: number;
}

/** Quiet stretches of at least `minSeconds` below `noiseDb` (ffmpeg's silencedetect). */
export async function detectSilences(tools: VideoToolPaths, file: string, noiseDb = -35, minSeconds = 0.2, signal?: AbortSignal): Promise<Silence[]> {
  const { stderr } = await runMediaTool(
    tools.ffmpeg,
    ["-v", "info", "-nostdin", "-hide_banner", "-i", file, "-af", `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`, "-f", "null", "-"],
    [file],
    { signal, maxBuffer: 16 * 1024 * 1024 },
  );
  const silences: Silence[] = [];
  let open: number | undefined;
  for (const line of stderr.split("\n")) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    const end = /silence_end: ([\d.]+)/.exec(line);
    if (end && open !== undefined) {
      silences.push({ start: open, end: Number(end[1]) });
      open = undefined;
    }
  }
  return silences;
}

const filterLists = new Map<string, Promise<ReadonlySet<string>>>();

/**
 * The filters this ffmpeg build has, asked once per binary. npm's fallback build (2018, used when the
 * system has no ffmpeg) lacks some newer ones, such as xfade: the render leaves out what it cannot do
 * (hard cuts instead of cross-fades) rather than failing. An ffmpeg that cannot list them counts as
 * having none of the optional ones.
 */
const versions = new Map<string, Promise<string>>();

/**
 * The ffmpeg build's first line of `-version` (its version and build), asked once: render parts made by
 * another build (another worker's image) are never joined with this one's.
 */
export function ffmpegVersion(tools: VideoToolPaths): Promise<string> {
  let version = versions.get(tools.ffmpeg);
  if (!version) {
    version = runTool(tools.ffmpeg, ["-version"], { maxBuffer: 1024 * 1024, timeoutMs: 10_000 }).then(
      ({ stdout }) => stdout.split("\n")[0]!.trim(),
      () => "unknown",
    );
    versions.set(tools.ffmpeg, version);
  }
  return version;
}

export function ffmpegFilters(tools: VideoToolPaths): Promise<ReadonlySet<string>> {
  let list = filterLists.get(tools.ffmpeg);
  if (!list) {
    list = runTool(tools.ffmpeg, ["-hide_banner", "-filters"], { maxBuffer: 4 * 1024 * 1024, timeoutMs: 10_000 }).then(
      ({ stdout }) => new Set([...stdout.matchAll(/^\s*[A-Z.|]{2,3}\s+(\w+)\s/gm)].map((m) => m[1]!)),
      () => new Set<string>(),
    );
    filterLists.set(tools.ffmpeg, list);
  }
  return list;
}
