import type { VideoFormatKey } from "../../contracts/product.ts";
import { VIDEO_FORMATS } from "../../contracts/product.ts";

export interface RenderClip {
  path: string;
  durationSeconds: number;
  hasAudio: boolean;
}

export interface RenderPlanInput {
  format: VideoFormatKey;
  fit: "crop" | "fit";
  clips: RenderClip[];
  /** The AI voice-over to lay over the clips (their own sound is lowered under it). */
  voicePath?: string;
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

/**
 * The ffmpeg command for a show: clips in order, each scaled to the frame without distortion
 * (cropped to fill, or fitted with bars), concatenated, cut at the format's maximum, with the clips'
 * sound or the voice-over over lowered clip sound, optional burned-in captions, H.264 + AAC MP4
 * with faststart, and progress on stdout.
 */
export function buildRenderPlan(input: RenderPlanInput): RenderPlan {
  const { width: W, height: H, maxDuration } = frameSize(input.format);
  const total = input.clips.reduce((sum, c) => sum + c.durationSeconds, 0);
  const durationSeconds = Math.min(total, maxDuration);
  const args = ["-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];
  for (const clip of input.clips) args.push("-i", clip.path);
  if (input.voicePath) args.push("-i", input.voicePath);

  const video = (i: number) =>
    input.fit === "crop"
      ? `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,fps=30,format=yuv420p[v${i}]`
      : `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=30,format=yuv420p[v${i}]`;
  const audio = (i: number, clip: RenderClip) =>
    clip.hasAudio
      ? `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
      : `aevalsrc=0:c=stereo:s=48000:d=${clip.durationSeconds.toFixed(3)},aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`;

  const filters: string[] = [];
  input.clips.forEach((clip, i) => filters.push(video(i), audio(i, clip)));
  filters.push(`${input.clips.map((_, i) => `[v${i}][a${i}]`).join("")}concat=n=${input.clips.length}:v=1:a=1[vcat][acat]`);

  let videoOut = "vcat";
  if (input.subtitlesFile) {
    const fonts = input.fontsDir ? `:fontsdir='${input.fontsDir}'` : "";
    // libass sizes these in a 288-line script space, whatever the frame: 14 is ~5 % of the height.
    const fontSize = W > H ? 16 : 12;
    filters.push(
      `[vcat]subtitles=filename='${input.subtitlesFile}'${fonts}:force_style='FontName=DejaVu Sans,FontSize=${fontSize},PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=1.5,Shadow=0,MarginV=18,WrapStyle=0'[vsub]`,
    );
    videoOut = "vsub";
  }

  let audioOut = "acat";
  if (input.voicePath) {
    const v = input.clips.length;
    filters.push(`[acat]volume=0.25[bed]`);
    filters.push(`[${v}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[voice]`);
    // amix divides by the number of inputs; volume=2 puts the voice back at full level.
    filters.push(`[voice][bed]amix=inputs=2:duration=longest:dropout_transition=0,volume=2[amix]`);
    audioOut = "amix";
  }

  args.push("-filter_complex", filters.join(";"), "-map", `[${videoOut}]`, "-map", `[${audioOut}]`);
  args.push(
    "-t", durationSeconds.toFixed(3),
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-r", "30",
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000",
    "-movflags", "+faststart", "-f", "mp4", input.output,
  );
  return { args, width: W, height: H, durationSeconds };
}
