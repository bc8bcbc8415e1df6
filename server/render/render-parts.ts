import { createHash } from "node:crypto";
import { finalAudioFilter, sectionInputArgs } from "./render-audio.ts";
import { cutAtOf, filterValue, type LoudnessMeasure, type RenderPlan, type RenderPlanInput } from "./render-plan.ts";
import { cardColour, fadeFrames, FPS, heldFrames, joinVideo, sectionVideo, secondsOf, type Section } from "./render-sections.ts";
import { h264OutputArgs } from "./video-encoding.ts";

/**
 * A show's video as content-addressed parts (render ahead): short H.264 pieces cut at every section's
 * start and at most PART_MAX_FRAMES apart, and one audio part (the whole levelled mix, AAC). A part's key
 * is a hash of everything that decides its frames or samples, so an edit changes only the keys it
 * touches; joined by byte concatenation (MPEG-TS) and one `-c copy` mux, they give the same video as
 * buildRenderPlan's single picture pass: the same frames at the same times, cut the same way.
 */

/** Raised when the way parts are made changes, so no part made the old way is reused. */
export const PARTS_RECIPE_VERSION = 2;
/** At most 5 s a part: a caption edit re-makes about that much picture around it. */
export const PART_MAX_FRAMES = 150;

/** What every key also depends on: the encoder (its build and speed) and the recipe's version. */
export interface PartsSalt {
  ffmpegVersion: string;
  x264Preset: string;
}

export interface VideoPart {
  key: string;
  /** Frames [from, to) of the finished video. */
  from: number;
  to: number;
}

export interface PartsManifest {
  video: VideoPart[];
  audioKey: string;
  totalFrames: number;
}

const sha = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** The .ass file split into what every event needs (styles) and the events with their times in seconds. */
export function assEvents(ass: string): { header: string; events: { start: number; end: number; line: string }[] } {
  const lines = ass.split("\n");
  const events = lines
    .filter((l) => l.startsWith("Dialogue:"))
    .map((line) => {
      const [, start, end] = /^Dialogue: [^,]*,([^,]+),([^,]+),/.exec(line) ?? [];
      return { start: assSeconds(start), end: assSeconds(end), line };
    });
  return { header: lines.filter((l) => !l.startsWith("Dialogue:")).join("\n"), events };
}

function assSeconds(time: string | undefined): number {
  const [h, m, s] = (time ?? "0:0:0").split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** The sections a range of frames is drawn from: the ones it overlaps, and the one before when the range starts inside a cross-fade. */
export function sectionsOfRange(sections: Section[], from: number, to: number, transitions: boolean): { first: number; last: number } {
  let first = sections.findIndex((s) => s.startFrame + s.frames > from);
  if (transitions && first > 0 && from < sections[first]!.startFrame + fadeFrames(sections, first)) first--;
  let last = first;
  while (last + 1 < sections.length && sections[last + 1]!.startFrame < to) last++;
  return { first, last };
}

/** Everything that decides a section's picture (its file by content, never by path). */
function sectionRecipe(plan: RenderPlan, input: RenderPlanInput, i: number) {
  const s = plan.sections[i]!;
  if (!s.clip) return { kind: s.kind, frames: s.frames, colour: cardColour(input.cards?.background) };
  const c = s.clip;
  return {
    kind: s.kind,
    frames: s.frames,
    content: c.contentId ?? c.path,
    trim: [c.trimStartSeconds ?? null, c.trimEndSeconds ?? null, c.durationSeconds],
    fit: input.fit,
    // A photo pans one way or the other by its place.
    ...(s.kind === "photo" ? { direction: i % 2 } : {}),
  };
}

/** Cut points: every section's start, then every PART_MAX_FRAMES inside it. */
function cutPoints(sections: Section[], total: number): number[] {
  const cuts: number[] = [];
  sections.forEach((s, i) => {
    const end = sections[i + 1]?.startFrame ?? total;
    for (let at = s.startFrame; at < end; at += PART_MAX_FRAMES) cuts.push(at);
  });
  return cuts;
}

/** The parts of a show's video and their keys; `ass` is the subtitles file's text (captions and card words) when it has one. */
export function planRenderParts(plan: RenderPlan, input: RenderPlanInput, ass: string | undefined, salt: PartsSalt): PartsManifest {
  const total = plan.sections.reduce((sum, s) => sum + s.frames, 0);
  const transitions = input.transitions ?? false;
  const common = { v: PARTS_RECIPE_VERSION, salt, W: plan.width, H: plan.height, transitions };
  const captions = ass ? assEvents(ass) : undefined;
  const cuts = cutPoints(plan.sections, total);
  const video = cuts.map((from, n) => {
    const to = cuts[n + 1] ?? total;
    const { first, last } = sectionsOfRange(plan.sections, from, to, transitions);
    const base = plan.sections[first]!.startFrame;
    const drawn = [];
    for (let i = first; i <= last; i++) {
      drawn.push({ ...sectionRecipe(plan, input, i), at: plan.sections[i]!.startFrame - base, held: heldFrames(plan.sections, i, transitions), fade: i > first && transitions ? fadeFrames(plan.sections, i) : 0 });
    }
    // Captions are drawn at the video's own time: a part with lines on it is keyed where it sits, one without anywhere.
    const lines = captions?.events.filter((e) => e.start < secondsOf(to) && e.end > secondsOf(from)).map((e) => e.line) ?? [];
    const onIt = lines.length ? { header: captions!.header, lines, at: from } : null;
    return { key: sha({ ...common, drawn, from: from - base, to: to - base, captions: onIt }), from, to };
  });
  const audioKey = sha({
    v: PARTS_RECIPE_VERSION,
    salt: salt.ffmpegVersion,
    sections: plan.sections.map((s) => ({ frames: s.frames, sound: s.clip && s.withSound && s.clip.hasAudio ? { content: s.clip.contentId ?? s.clip.path, trim: [s.clip.trimStartSeconds ?? null, s.clip.trimEndSeconds ?? null] } : null })),
    voice: input.voicePath ? (input.voiceContentId ?? input.voicePath) : null,
    music: input.music ? { track: input.music.path.split("/").at(-1), level: input.music.level } : null,
    transitions,
    total,
  });
  return { video, audioKey, totalFrames: total };
}

/**
 * One ffmpeg run drawing frames [from, to) of the video, exactly as buildRenderPlan's picture pass draws them
 * (the same section chains and joins, rebased to the first section drawn; captions at the video's own time),
 * written as MPEG-TS segments cut at `cuts` (frames from `from`) into `pattern`, each starting on a key frame,
 * with `listFile` naming them in order. The segments' timestamps are the video's own, so parts of different
 * runs join end to end.
 */
export function videoRangeArgs(plan: RenderPlan, input: RenderPlanInput, range: { from: number; to: number; cuts: number[] }, files: { pattern: string; listFile: string }): string[] {
  const transitions = input.transitions ?? false;
  const { first, last } = sectionsOfRange(plan.sections, range.from, range.to, transitions);
  const base = plan.sections[first]!.startFrame;
  const args = ["-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];
  const colour = cardColour(input.cards?.background);
  const filters: string[] = [];
  let next = 0;
  for (let i = first; i <= last; i++) {
    const section = plan.sections[i]!;
    let inputIndex: number | undefined;
    if (section.clip) {
      if (section.kind !== "photo") args.push(...sectionInputArgs(section.clip));
      args.push("-an", "-i", section.clip.path);
      inputIndex = next++;
    }
    filters.push(sectionVideo(section, i, inputIndex, plan.width, plan.height, input.fit, colour, heldFrames(plan.sections, i, transitions)));
  }
  const joined = joinVideo(plan.sections, transitions, first, last);
  filters.push(...joined.filters);
  const out = joined.out;
  let chain = `[${out}]trim=start_frame=${range.from - base}:end_frame=${range.to - base},setpts=PTS-STARTPTS+${range.from}/${FPS}/TB`;
  if (input.subtitlesFile) {
    const fonts = input.fontsDir ? `:fontsdir=${filterValue(input.fontsDir)}` : "";
    chain += `,subtitles=filename=${filterValue(input.subtitlesFile)}${fonts}`;
  }
  filters.push(`${chain},setpts=PTS-STARTPTS[vout]`);
  const inner = range.cuts.filter((c) => c > 0);
  args.push("-filter_complex", filters.join(";"), "-map", "[vout]", "-an", ...h264OutputArgs(FPS, input.x264Preset));
  // A key frame a hair before each cut's time lands on the cut's frame (ffmpeg forces the first frame at or after it).
  if (inner.length) args.push("-force_key_frames", inner.map((c) => (c / FPS - 0.001).toFixed(4)).join(","));
  args.push(
    "-output_ts_offset", secondsOf(range.from).toFixed(6),
    "-f", "segment", "-segment_format", "mpegts", "-segment_format_options", "mpegts_flags=+initial_discontinuity",
    "-segment_frames", inner.length ? inner.join(",") : String(range.to - range.from + 1),
    "-segment_list", files.listFile, "-segment_list_type", "csv", files.pattern,
  );
  return args;
}

/** The audio part: the levelled mix brought to -14 LUFS by the same final gain as the picture pass, AAC in MP4. */
export function audioPartArgs(mixFile: string, measured: LoudnessMeasure | undefined, durationSeconds: number, output: string): string[] {
  return [
    "-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats",
    "-f", "wav", "-i", mixFile,
    "-filter_complex", finalAudioFilter(0, measured, durationSeconds), "-map", "[aout]",
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-f", "mp4", output,
  ];
}

/** The finished MP4 from the joined video parts (MPEG-TS) and the audio part, copied, cut where a single pass cuts. */
export function assembleArgs(videoFile: string, audioFile: string, durationSeconds: number, output: string): string[] {
  return [
    "-v", "error", "-nostdin", "-y",
    "-f", "mpegts", "-i", videoFile, "-i", audioFile,
    "-map", "0:v", "-map", "1:a", "-c", "copy",
    "-t", cutAtOf(durationSeconds).toFixed(3), "-movflags", "+faststart", "-f", "mp4", output,
  ];
}

/** Contiguous runs of parts (indexes into the manifest's video) among `missing`, each made by one ffmpeg run. */
export function runsOf(parts: VideoPart[], missing: Set<string>): VideoPart[][] {
  const runs: VideoPart[][] = [];
  let current: VideoPart[] = [];
  for (const part of parts) {
    if (missing.has(part.key)) current.push(part);
    else if (current.length) {
      runs.push(current);
      current = [];
    }
  }
  if (current.length) runs.push(current);
  return runs;
}
