import { DEFAULT_CAMP_COLOURS, VIDEO_STYLE } from "../../contracts/video-style.ts";
import type { RenderClip } from "./render-plan.ts";

/** Every section is a whole number of frames at this rate, so section starts (voice, captions, fades) are exact. */
export const FPS = 30;
/** Audio samples per second in every pass; 1600 samples a frame. */
export const SAMPLE_RATE = 48000;
const SAMPLES_PER_FRAME = SAMPLE_RATE / FPS;

export type SectionKind = "title" | "clip" | "photo" | "end";

/** One section of the finished video, in frames from the video's start. */
export interface Section {
  kind: SectionKind;
  startFrame: number;
  frames: number;
  /** The clip or photo shown (cards have none). */
  clip?: RenderClip;
  /** The clip's own sound plays (its first pass only; repeat passes under a long voice are silent). */
  withSound: boolean;
}

/** Where the story sits in the finished video: what the captions, the voice and the cards' text follow. */
export interface RenderTimeline {
  /** The voice, the clips and the captions start here (after the title card, 0 without cards). */
  storyStartSeconds: number;
  storySeconds: number;
  durationSeconds: number;
  titleCard: { start: number; end: number } | null;
  endCard: { start: number; end: number } | null;
}

export const frames = (seconds: number) => Math.max(0, Math.round(seconds * FPS));
export const secondsOf = (f: number) => f / FPS;
export const samplesOf = (f: number) => f * SAMPLES_PER_FRAME;

/** A card's colour as ffmpeg's color source reads it: only a checked #rrggbb, never text as given. */
export function cardColour(value: string | undefined): string {
  const hex = /^#([0-9a-fA-F]{6})$/.exec(value ?? "")?.[1] ?? DEFAULT_CAMP_COLOURS.background.slice(1);
  return `0x${hex.toLowerCase()}`;
}

/**
 * The video's sections in order: the title card, the story's passes over the clips and photos (the
 * last one held until the story ends, none past it), the end card. `storyFrames` is the story's length
 * rounded up to a whole frame, so a voice is never cut.
 */
export function layoutSections(passes: { clip: RenderClip; withSound: boolean; seconds: number }[], storySeconds: number, cards: boolean): Section[] {
  const sections: Section[] = [];
  let at = 0;
  const push = (kind: SectionKind, count: number, clip?: RenderClip, withSound = false) => {
    sections.push({ kind, startFrame: at, frames: count, clip, withSound });
    at += count;
  };
  if (cards) push("title", frames(VIDEO_STYLE.titleCardSeconds));
  const storyFrames = Math.ceil(storySeconds * FPS - 1e-6);
  let left = storyFrames;
  for (const pass of passes) {
    const count = Math.min(left, Math.max(1, frames(pass.seconds)));
    if (count <= 0) break;
    push(pass.clip.kind === "photo" ? "photo" : "clip", count, pass.clip, pass.withSound);
    left -= count;
  }
  // The voice outlasts every pass: the last picture holds for the rest.
  const last = sections.at(-1);
  if (left > 0 && last && last.kind !== "title") {
    last.frames += left;
    at += left;
  }
  if (cards) push("end", frames(VIDEO_STYLE.endCardSeconds));
  return sections;
}

export function timelineOf(sections: Section[], cards: boolean): RenderTimeline {
  const total = sections.reduce((sum, s) => sum + s.frames, 0);
  const title = sections.find((s) => s.kind === "title");
  const end = sections.find((s) => s.kind === "end");
  const storyStart = title ? title.frames : 0;
  const storyFrames = total - storyStart - (end?.frames ?? 0);
  return {
    storyStartSeconds: secondsOf(storyStart),
    storySeconds: secondsOf(storyFrames),
    durationSeconds: secondsOf(total),
    titleCard: cards && title ? { start: 0, end: secondsOf(title.frames) } : null,
    endCard: cards && end ? { start: secondsOf(end.startFrame), end: secondsOf(total) } : null,
  };
}

/** How far a photo's frame is larger than the picture: it is scaled to cover (crop) or fit (fit) this much more, and the picture window slides across it. */
const PHOTO_COVER = 1.12;
const PHOTO_FIT_MARGIN = 1.06;
const even = (n: number) => Math.ceil(n / 2) * 2;

/**
 * One section's picture as a filter chain ending in [v<i>]: exactly its frames at 30 fps, yuv420p,
 * square pixels, so every section joins the next by concat (joinVideo); `holdFrames` more of its last
 * picture for the next section to cross-fade from (heldFrames).
 */
export function sectionVideo(section: Section, i: number, inputIndex: number | undefined, W: number, H: number, fit: "crop" | "fit", colour: string, holdFrames = 0): string {
  const exact = `trim=end_frame=${section.frames + holdFrames},setpts=PTS-STARTPTS`;
  if (section.kind === "title" || section.kind === "end") {
    return `color=c=${colour}:s=${W}x${H}:r=${FPS}:d=${(secondsOf(section.frames + holdFrames) + 0.1).toFixed(3)},setsar=1,format=yuv420p,${exact}[v${i}]`;
  }
  if (section.kind === "photo") {
    // Scaled once, then the one frame repeated (the loop filter), so a 12-megapixel photo is decoded
    // and scaled once, not 30 times a second; the crop window then slides across it, so frames differ.
    const seconds = secondsOf(section.frames).toFixed(3);
    // Alternate direction photo to photo, so a run of photos does not drift the same way every time.
    const p = i % 2 === 0 ? `t/${seconds}` : `(1-t/${seconds})`;
    const [CW, CH] = fit === "crop" ? [even(W * PHOTO_COVER), even(H * PHOTO_COVER)] : [even(W * PHOTO_FIT_MARGIN), even(H * PHOTO_FIT_MARGIN)];
    const size =
      fit === "crop"
        ? `scale=${CW}:${CH}:force_original_aspect_ratio=increase,crop=${CW}:${CH}`
        : // Fitted into the larger frame, so the photo's fitting side always spans the picture while it moves (no gap opening at an edge).
          `scale=${CW}:${CH}:force_original_aspect_ratio=decrease,pad=${CW}:${CH}:(ow-iw)/2:(oh-ih)/2:color=black`;
    return (
      `[${inputIndex}:v]${size},setsar=1,format=yuv420p,loop=loop=${section.frames + holdFrames - 1}:size=1:start=0,settb=1/${FPS},setpts=N,fps=${FPS},` +
      `crop=${W}:${H}:x=(iw-ow)*${p}:y=(ih-oh)*${p},${exact}[v${i}]`
    );
  }
  const scale =
    fit === "crop"
      ? `scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H}`
      : `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black`;
  // Held on its last frame past its end, then cut at its exact frame count (a file a frame short, or a hold).
  return `[${inputIndex}:v]setpts=PTS-STARTPTS,${scale},setsar=1,fps=${FPS},format=yuv420p,tpad=stop_mode=clone:stop_duration=${(secondsOf(section.frames + holdFrames) + 1).toFixed(3)},${exact}[v${i}]`;
}

/** The cross-fade into each section, in frames (none into the first): never longer than half the section, so a short one still shows on its own. */
export function fadeFrames(sections: Section[], i: number): number {
  return i === 0 ? 0 : Math.min(frames(VIDEO_STYLE.crossfadeSeconds), Math.floor(sections[i]!.frames / 2));
}

/** Frames of its last picture section i holds past its end for the next one's cross-fade to blend from. */
export function heldFrames(sections: Section[], i: number, transitions: boolean): number {
  return transitions && i + 1 < sections.length ? fadeFrames(sections, i + 1) : 0;
}

/**
 * Sections first..last's pictures ([v<i>]) joined into one stream: hard cuts (concat), or a cross-fade
 * into each section but the first from the previous one's last picture held (heldFrames), so no section
 * starts later or loses a frame and the voice and captions keep their times.
 *
 * A cross-fade blends only its own frames: each section is split into the head that fades in (given a
 * rising alpha and laid over the previous section's hold), its body, and its hold, and the pieces are
 * concatenated. The whole picture stays yuv420p. (xfade would do the same in one filter, but in ffmpeg
 * 5.1 it takes no 4:2:0 input, so every frame of the video went through two full-size conversions to
 * 4:4:4 and back, about doubling a render's CPU.)
 */
export function joinVideo(sections: Section[], transitions: boolean, first = 0, last = sections.length - 1): { filters: string[]; out: string } {
  if (first === last) return { filters: [], out: `v${first}` };
  const filters: string[] = [];
  const pieces: string[] = [];
  for (let i = first; i <= last; i++) {
    const frames = sections[i]!.frames;
    const fadeIn = transitions && i > first ? fadeFrames(sections, i) : 0;
    const fadeOut = transitions && i < last ? fadeFrames(sections, i + 1) : 0;
    const outputs = [...(fadeIn ? [`h${i}`] : []), `b${i}`, ...(fadeOut ? [`t${i}`] : [])];
    const source = (label: string) => (outputs.length === 1 ? `[v${i}]` : `[${label}in]`);
    if (outputs.length > 1) filters.push(`[v${i}]split=${outputs.length}${outputs.map((o) => `[${o}in]`).join("")}`);
    if (fadeIn) {
      filters.push(`${source(`h${i}`)}trim=end_frame=${fadeIn},format=yuva420p,fade=t=in:s=0:n=${fadeIn}:alpha=1[h${i}]`);
      filters.push(`[t${i - 1}][h${i}]overlay=format=yuv420[m${i}]`);
      pieces.push(`[m${i}]`);
    }
    filters.push(`${source(`b${i}`)}trim=start_frame=${fadeIn}:end_frame=${frames},setpts=PTS-STARTPTS[b${i}]`);
    pieces.push(`[b${i}]`);
    if (fadeOut) filters.push(`${source(`t${i}`)}trim=start_frame=${frames}:end_frame=${frames + fadeOut},setpts=PTS-STARTPTS[t${i}]`);
  }
  filters.push(`${pieces.join("")}concat=n=${pieces.length}:v=1:a=0[vjoined]`);
  return { filters, out: "vjoined" };
}
