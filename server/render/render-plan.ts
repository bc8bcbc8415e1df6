import type { VideoFormatKey } from "../../contracts/product.ts";
import { VIDEO_FORMATS } from "../../contracts/product.ts";
import { VIDEO_STYLE, type MusicLevel } from "../../contracts/video-style.ts";
import { buildMixArgs, buildStemsArgs, finalAudioFilter, sectionInputArgs, type LoudnessMeasure, type MeasureStems } from "./render-audio.ts";
import { cardColour, heldFrames, joinVideo, layoutSections, sectionVideo, timelineOf, type RenderTimeline, type Section } from "./render-sections.ts";
import { h264OutputArgs, type X264Preset } from "./video-encoding.ts";

export type { LoudnessMeasure, MeasureStems } from "./render-audio.ts";
export type { RenderTimeline } from "./render-sections.ts";

export interface RenderClip {
  /** A video clip (the default), or a photo (a still JPEG shown for durationSeconds with a slow pan). */
  kind?: "video" | "photo";
  path: string;
  /** What the file is, whatever local path it has now (its storage key): render parts are keyed by it, never by the path. */
  contentId?: string;
  durationSeconds: number;
  hasAudio: boolean;
  /** The part of the clip the show uses, in seconds into the file (whole clip when absent). */
  trimStartSeconds?: number;
  trimEndSeconds?: number;
  /**
   * Words already found in the clip's sound with their times, seconds into the file (a take's script
   * check): clip-sound captions use them instead of listening again.
   */
  heardWords?: readonly { word: string; start: number; end: number }[];
}

export interface RenderPlanInput {
  format: VideoFormatKey;
  fit: "crop" | "fit";
  clips: RenderClip[];
  /** The AI voice-over to lay over the clips (their own sound is lowered under it). */
  voicePath?: string;
  /** The voice-over's storage key (render parts' audio key; the path is a temporary copy on S3). */
  voiceContentId?: string;
  /** The voice-over's length: the video lasts at least this long, so the voice is never cut. */
  voiceSeconds?: number;
  /** An .ass file name in ffmpeg's working folder (buildAss: captions and the cards' words, placed and styled), burned in when given. */
  subtitlesFile?: string;
  fontsDir?: string;
  /** Music under the whole video (cards too), ducked under speech: its file, and the level chosen. */
  music?: { path: string; level: MusicLevel };
  /** A short cross-fade between every two sections; hard cuts when off. */
  transitions?: boolean;
  /** A title card first and an end card last, in this colour (#rrggbb; the text is the .ass file's). */
  cards?: { background: string } | null;
  /** The encoder's speed for the picture (RENDER_X264_PRESET; veryfast when absent). */
  x264Preset?: X264Preset;
  /** Pass 1's mix, a file name in ffmpeg's working folder (default mix.wav). */
  mixFile?: string;
  /**
   * Measurement only (bench:render; with music): pass 2 also writes the levelled speech and the ducked
   * music to these files (see MeasureStems). The worker never sets it; the video is the same.
   */
  measureStems?: MeasureStems;
  output: string;
}

export interface RenderPlan {
  /** Pass 1 (sound only, fast): measures the speech and the music (files STEM_LOUDNESS_FILES in the working folder). */
  stemsArgs: string[];
  /** Pass 2 (sound only): each stem levelled by what pass 1 measured, mixed to `mixFile` and measured (MIX_LOUDNESS_FILE). */
  mixArgs(stems: { speechLufs?: number; musicLufs?: number }): string[];
  /** Pass 3: the picture, with the mix brought to -14 LUFS by what pass 2 measured. runRenderPasses runs all three. */
  videoArgs(measured: LoudnessMeasure | undefined): string[];
  /** The mix's file name in the working folder (levelling passes replace it in place). */
  mixFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  timeline: RenderTimeline;
  /** The sections in order (render-parts.ts cuts the video at them). */
  sections: Section[];
}

/** Frame size per format: 16:9 as 1920x1080, 9:16 as 1080x1920. */
export function frameSize(format: VideoFormatKey): { width: number; height: number; maxDuration: number } {
  const spec = VIDEO_FORMATS.find((f) => f.key === format)!;
  return spec.aspectRatio === "16/9"
    ? { width: 1920, height: 1080, maxDuration: spec.maxDuration }
    : { width: 1080, height: 1920, maxDuration: spec.maxDuration };
}

/** The seconds of a clip the show uses (its trims applied). */
export function usedSeconds(clip: RenderClip): number {
  const end = Math.min(clip.trimEndSeconds ?? clip.durationSeconds, clip.durationSeconds);
  return Math.max(0, end - Math.min(clip.trimStartSeconds ?? 0, end));
}

/** The seconds the title and end cards add to a video that has them. */
export const CARDS_SECONDS = VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds;

/**
 * The most of the clips and photos a video shows: the format's maximum, less the cards' seconds when
 * it has them (the platform's limit is the whole video's).
 */
export function storyMaxSeconds(format: VideoFormatKey, cards = false): number {
  return frameSize(format).maxDuration - (cards ? CARDS_SECONDS : 0);
}

/** How long the story is: the clips and photos (up to storyMaxSeconds), or the whole voice if longer. */
export function storySeconds(format: VideoFormatKey, clips: RenderClip[], voiceSeconds?: number, cards = false): number {
  const clipsTotal = clips.reduce((sum, c) => sum + usedSeconds(c), 0);
  return Math.max(Math.min(clipsTotal, storyMaxSeconds(format, cards)), voiceSeconds ?? 0);
}

/** How long the finished video is: the story, and the title and end cards around it when on. */
export function renderDuration(format: VideoFormatKey, clips: RenderClip[], voiceSeconds?: number, cards = false): number {
  return storySeconds(format, clips, voiceSeconds, cards) + (cards ? CARDS_SECONDS : 0);
}

/**
 * A filter option's value as ffmpeg reads it back unchanged (a folder or file name with ' : , ; [ ]
 * in it): escaped once for the filter's own option list, then once more for the filter graph.
 */
export function filterValue(value: string): string {
  return value.replace(/[\\':]/g, "\\$&").replace(/[\\'[\],;]/g, "\\$&");
}

/**
 * Where a finished video is cut: rounded up to the millisecond, since the sections end on a frame and a
 * cut a few samples early would cut the end of the voice.
 */
export function cutAtOf(durationSeconds: number): number {
  return Math.ceil(durationSeconds * 1000 + 0.5) / 1000;
}

/** Passes over the clips at most, when a long voice outlasts short clips; after that the last picture holds. */
const MAX_SEGMENTS = 60;

/** The clips' passes: each once with its sound, then silent passes while a long voice still speaks. */
function passesOf(clips: RenderClip[], story: number) {
  const passes = clips.map((clip) => ({ clip, withSound: true, seconds: usedSeconds(clip) }));
  let covered = passes.reduce((sum, p) => sum + p.seconds, 0);
  while (covered > 0 && covered < story && passes.length + clips.length <= MAX_SEGMENTS) {
    for (const clip of clips) {
      if (covered >= story) break;
      passes.push({ clip, withSound: false, seconds: usedSeconds(clip) });
      covered += usedSeconds(clip);
    }
  }
  return passes;
}

/** Where the story and the cards sit in a show's video (for captions and card text timing). */
export function renderTimeline(input: Pick<RenderPlanInput, "format" | "clips" | "voicePath" | "voiceSeconds" | "cards">): RenderTimeline {
  const story = storySeconds(input.format, input.clips, input.voicePath ? input.voiceSeconds : undefined, Boolean(input.cards));
  return timelineOf(layoutSections(passesOf(input.clips, story), story, Boolean(input.cards)), Boolean(input.cards));
}

/**
 * A show's video in three ffmpeg passes (decision 028c). Sections in order: the title card, the clips
 * and photos (trims applied on input, files unchanged; each scaled without distortion, cropped to
 * fill or fitted with bars; a photo slowly panned), passes again silent while a long voice still
 * speaks and the last picture held for any rest (decision "The whole voice"), the end card; joined by
 * cuts or cross-fades that move no section's start. Passes 1 and 2 measure and mix the sound alone
 * (voice over lowered clip sound, music ducked under speech); pass 3 draws the picture, burns the
 * captions and brings the mix to -14 LUFS / -1 dBTP. H.264 + AAC MP4 with faststart, progress on stdout.
 */
export function buildRenderPlan(input: RenderPlanInput): RenderPlan {
  const { width: W, height: H } = frameSize(input.format);
  const voiceSeconds = input.voicePath ? input.voiceSeconds : undefined;
  const story = storySeconds(input.format, input.clips, voiceSeconds, Boolean(input.cards));
  const cards = Boolean(input.cards);
  const sections = layoutSections(passesOf(input.clips, story), story, cards);
  const timeline = timelineOf(sections, cards);
  const transitions = input.transitions ?? false;
  const mixFile = input.mixFile ?? "mix.wav";

  const mix = {
    sections,
    voicePath: input.voicePath,
    voiceDelayFrames: sections[0]?.kind === "title" ? sections[0].frames : 0,
    music: input.music,
    transitions,
    mixFile,
    measureStems: input.measureStems,
  };

  const videoArgs = (measured: LoudnessMeasure | undefined) => {
    const args = ["-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];
    const colour = cardColour(input.cards?.background);
    const filters: string[] = [];
    let next = 0;
    sections.forEach((section, i) => {
      let inputIndex: number | undefined;
      if (section.clip) {
        // A photo is read once (one frame); the loop filter repeats it.
        if (section.kind !== "photo") args.push(...sectionInputArgs(section.clip));
        args.push("-an", "-i", section.clip.path);
        inputIndex = next++;
      }
      filters.push(sectionVideo(section, i, inputIndex, W, H, input.fit, colour, heldFrames(sections, i, transitions)));
    });
    const joined = joinVideo(sections, transitions);
    filters.push(...joined.filters);
    let videoOut = joined.out;
    if (input.subtitlesFile) {
      const fonts = input.fontsDir ? `:fontsdir=${filterValue(input.fontsDir)}` : "";
      // The .ass (ass-captions.ts) places and styles every line itself: captions in the free area, word highlights, the cards' words.
      filters.push(`[${videoOut}]subtitles=filename=${filterValue(input.subtitlesFile)}${fonts}[vsub]`);
      videoOut = "vsub";
    }
    args.push("-f", "wav", "-i", mixFile);
    filters.push(finalAudioFilter(next, measured, timeline.durationSeconds));
    args.push("-filter_complex", filters.join(";"), "-map", `[${videoOut}]`, "-map", "[aout]");
    args.push(
      "-t", cutAtOf(timeline.durationSeconds).toFixed(3),
      ...h264OutputArgs(30, input.x264Preset),
      "-c:a", "aac", "-b:a", "160k", "-ar", "48000",
      "-movflags", "+faststart", "-f", "mp4", input.output,
    );
    return args;
  };
  return { stemsArgs: buildStemsArgs(mix), mixArgs: (stems) => buildMixArgs(mix, stems), videoArgs, mixFile, width: W, height: H, durationSeconds: timeline.durationSeconds, timeline, sections };
}
