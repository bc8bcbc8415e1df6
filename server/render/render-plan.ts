import type { VideoFormatKey } from "../../contracts/product.ts";
import { VIDEO_FORMATS } from "../../contracts/product.ts";

export interface RenderClip {
  path: string;
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
  /** The voice-over's length: the video lasts at least this long, so the voice is never cut. */
  voiceSeconds?: number;
  /** An .srt file name in ffmpeg's working folder, burned in when given. */
  subtitlesFile?: string;
  fontsDir?: string;
  output: string;
}

export interface RenderPlan {
  args: string[];
  width: number;
  height: number;
  durationSeconds: number;
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

/** How long the finished video is: the clips (up to the format's maximum), or the whole voice if longer. */
export function renderDuration(format: VideoFormatKey, clips: RenderClip[], voiceSeconds?: number): number {
  const clipsTotal = clips.reduce((sum, c) => sum + usedSeconds(c), 0);
  return Math.max(Math.min(clipsTotal, frameSize(format).maxDuration), voiceSeconds ?? 0);
}

/**
 * A filter option's value as ffmpeg reads it back unchanged (a folder or file name with ' : , ; [ ]
 * in it): escaped once for the filter's own option list, then once more for the filter graph.
 */
export function filterValue(value: string): string {
  return value.replace(/[\\':]/g, "\\$&").replace(/[\\'[\],;]/g, "\\$&");
}

/** Passes over the clips at most, when a long voice outlasts short clips; after that the last picture holds. */
const MAX_SEGMENTS = 60;

interface Segment {
  clip: RenderClip;
  /** Later passes are silent: the camper's own sound once, not on repeat under the voice. */
  withSound: boolean;
}

/**
 * The ffmpeg command for a show: clips in order (their trims applied on input, the files are not
 * changed), each scaled to the frame without distortion (cropped to fill, or fitted with bars),
 * concatenated, cut at the format's maximum, with the clips' sound or the voice-over over lowered
 * clip sound, optional burned-in captions, H.264 + AAC MP4 with faststart, and progress on stdout.
 * A voice-over longer than the clips is never cut: the clips play again (silent) until it ends, and
 * the last picture holds for any rest (decision record "The whole voice").
 */
export function buildRenderPlan(input: RenderPlanInput): RenderPlan {
  const { width: W, height: H } = frameSize(input.format);
  const voiceSeconds = input.voicePath ? input.voiceSeconds : undefined;
  const durationSeconds = renderDuration(input.format, input.clips, voiceSeconds);
  const segments: Segment[] = input.clips.map((clip) => ({ clip, withSound: true }));
  let covered = input.clips.reduce((sum, c) => sum + usedSeconds(c), 0);
  while (covered > 0 && covered < durationSeconds && segments.length + input.clips.length <= MAX_SEGMENTS) {
    for (const clip of input.clips) {
      if (covered >= durationSeconds) break;
      segments.push({ clip, withSound: false });
      covered += usedSeconds(clip);
    }
  }
  const hold = Math.max(0, durationSeconds - covered);

  const args = ["-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];
  for (const { clip } of segments) {
    const start = Math.min(clip.trimStartSeconds ?? 0, clip.durationSeconds);
    if (start > 0) args.push("-ss", start.toFixed(3));
    if (start > 0 || (clip.trimEndSeconds ?? clip.durationSeconds) < clip.durationSeconds) args.push("-t", usedSeconds(clip).toFixed(3));
    args.push("-i", clip.path);
  }
  if (input.voicePath) args.push("-i", input.voicePath);

  const video = (i: number) =>
    input.fit === "crop"
      ? `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,fps=30,format=yuv420p[v${i}]`
      : `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=30,format=yuv420p[v${i}]`;
  const audio = (i: number, { clip, withSound }: Segment) =>
    clip.hasAudio && withSound
      ? `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
      : `aevalsrc=0:c=stereo:s=48000:d=${usedSeconds(clip).toFixed(3)},aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`;

  const filters: string[] = [];
  segments.forEach((segment, i) => filters.push(video(i), audio(i, segment)));
  filters.push(`${segments.map((_, i) => `[v${i}][a${i}]`).join("")}concat=n=${segments.length}:v=1:a=1[vcat][acat]`);

  let videoOut = "vcat";
  if (hold > 0) {
    filters.push(`[vcat]tpad=stop_mode=clone:stop_duration=${hold.toFixed(3)}[vhold]`);
    videoOut = "vhold";
  }
  if (input.subtitlesFile) {
    const fonts = input.fontsDir ? `:fontsdir=${filterValue(input.fontsDir)}` : "";
    // libass sizes these in a 288-line script space, whatever the frame: 14 is ~5 % of the height.
    const fontSize = W > H ? 16 : 12;
    filters.push(
      `[${videoOut}]subtitles=filename=${filterValue(input.subtitlesFile)}${fonts}:force_style='FontName=DejaVu Sans,FontSize=${fontSize},PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=1.5,Shadow=0,MarginV=18,WrapStyle=0'[vsub]`,
    );
    videoOut = "vsub";
  }

  let audioOut = "acat";
  if (input.voicePath) {
    const v = segments.length;
    // Both padded with silence (the output's -t ends them): amix raises the level of whichever
    // input outlives the other, so neither may end early.
    filters.push(`[acat]volume=0.25,apad[bed]`);
    filters.push(`[${v}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad[voice]`);
    // amix divides by the number of inputs; volume=2 puts the voice back at full level.
    filters.push(`[voice][bed]amix=inputs=2:duration=longest:dropout_transition=0,volume=2[amix]`);
    audioOut = "amix";
  }
  args.push("-filter_complex", filters.join(";"), "-map", `[${videoOut}]`, "-map", `[${audioOut}]`);
  // Rounded up, with half a millisecond to spare: the voice's stored length is itself rounded to the
  // millisecond, and a cut even a few samples early would cut the end of the voice.
  const cutAt = Math.ceil(durationSeconds * 1000 + 0.5) / 1000;
  args.push(
    "-t", cutAt.toFixed(3),
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-r", "30",
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000",
    "-movflags", "+faststart", "-f", "mp4", input.output,
  );
  return { args, width: W, height: H, durationSeconds };
}
