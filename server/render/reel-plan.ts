import { REEL_TITLE_SECONDS } from "../../contracts/reels.ts";
import type { VideoFormatKey } from "../../contracts/product.ts";
import { filterValue, frameSize } from "./render-plan.ts";
import { h264OutputArgs, type X264Preset } from "./video-encoding.ts";

/**
 * The ffmpeg command of a cabin reel (decision 027d), pure like render-plan.ts: a title card, then each
 * camper's approved video (or the part staff chose), each fitted into the reel's frame, with its own
 * sound brought to one loudness, and the camper's first name as a lower third when they have a media
 * release. Texts reach ffmpeg only through files (drawtext's textfile, expansion off), never the command.
 */

/** Frames per second of every render: part lengths are whole frames, so pictures and sound stay together. */
export const REEL_FPS = 30;

/** The lower third shows for this long at the start of each part. */
const NAME_SECONDS = 4;

export interface ReelPart {
  path: string;
  hasAudio: boolean;
  startSeconds: number;
  seconds: number;
  /** A text file in ffmpeg's working folder holding the camper's first name; absent: no name on screen. */
  nameFile?: string;
}

export interface ReelPlanInput {
  format: VideoFormatKey;
  parts: ReelPart[];
  /** The title card's lines, top to bottom: a text file in ffmpeg's working folder and its length in characters. */
  titleLines: { file: string; characters: number }[];
  fontFile: string;
  /** The encoder's speed (RENDER_X264_PRESET; veryfast when absent). */
  x264Preset?: X264Preset;
  output: string;
}

/**
 * The seconds a part plays: from `startSeconds` (within the video) for `seconds` or to the video's end,
 * at most `maxSeconds`, in whole frames (rounded down, so a part never runs past its video).
 */
export function reelPartSpan(videoSeconds: number, choice: { startSeconds?: number; seconds?: number }, maxSeconds: number | null): { startSeconds: number; seconds: number } {
  const start = Math.min(Math.max(0, choice.startSeconds ?? 0), videoSeconds);
  const available = videoSeconds - start;
  const wanted = Math.min(choice.seconds ?? available, available, maxSeconds ?? Infinity);
  return { startSeconds: Math.round(start * 1000) / 1000, seconds: Math.floor(wanted * REEL_FPS + 1e-6) / REEL_FPS };
}

/** How long the reel lasts: the title card and every part. */
export function reelDuration(parts: readonly { seconds: number }[]): number {
  return REEL_TITLE_SECONDS + parts.reduce((sum, p) => sum + p.seconds, 0);
}

const AUDIO_FORMAT = "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo";

export function buildReelPlan(input: ReelPlanInput): { args: string[]; durationSeconds: number } {
  const { width: W, height: H } = frameSize(input.format);
  const font = filterValue(input.fontFile);
  const text = (file: string, size: number, y: string, extra = "") =>
    `drawtext=fontfile=${font}:textfile=${filterValue(file)}:expansion=none:fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}${extra}`;

  const args = ["-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];
  for (const part of input.parts) {
    if (part.startSeconds > 0) args.push("-ss", part.startSeconds.toFixed(3));
    // A little more than the part: the trim below cuts it to the exact frame.
    args.push("-t", (part.seconds + 0.5).toFixed(3), "-i", part.path);
  }

  const filters: string[] = [];
  // The title card: dark, the lines centred one under another (the first larger).
  // Sized to the frame's shorter side, and smaller for a long line so it fits the width (DejaVu Sans
  // Bold averages about 0.62 em a character).
  const short = Math.min(W, H);
  const lineHeight = Math.round(short / 9);
  const top = Math.round(H / 2 - (lineHeight * input.titleLines.length) / 2);
  const titleText = input.titleLines.map(({ file, characters }, i) => {
    const size = Math.min(short / (i === 0 ? 13 : 20), (W * 0.9) / (0.62 * Math.max(1, characters)));
    return text(file, Math.max(12, Math.round(size)), String(top + i * lineHeight));
  });
  filters.push([`color=c=0x0f172a:s=${W}x${H}:r=${REEL_FPS}:d=${REEL_TITLE_SECONDS}`, "format=yuv420p", ...titleText, "setsar=1"].join(",") + "[v0]");
  filters.push(`aevalsrc=0:c=stereo:s=48000:d=${REEL_TITLE_SECONDS},${AUDIO_FORMAT}[a0]`);

  input.parts.forEach((part, i) => {
    const n = i + 1;
    const seconds = part.seconds.toFixed(6);
    const name = part.nameFile
      ? [
          `drawtext=fontfile=${font}:textfile=${filterValue(part.nameFile)}:expansion=none:fontcolor=white:fontsize=${Math.round(short / 18)}` +
            `:box=1:boxcolor=0x0f172a@0.75:boxborderw=${Math.round(short / 50)}:x=${Math.round(W / 20)}:y=h-text_h-${Math.round(H / 8)}:enable='lt(t,${NAME_SECONDS})'`,
        ]
      : [];
    filters.push(
      [
        `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=decrease`,
        `pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black`,
        "setsar=1",
        `fps=${REEL_FPS}`,
        "format=yuv420p",
        // Held on its last picture if the file ends a frame early, then cut to the part's exact length.
        "tpad=stop_mode=clone:stop_duration=1",
        `trim=duration=${seconds}`,
        "setpts=PTS-STARTPTS",
        ...name,
      ].join(",") + `[v${n}]`,
    );
    // Each part brought to the same loudness (EBU R128, -16 LUFS), then padded or cut to its exact length.
    filters.push(
      part.hasAudio
        ? `[${i}:a]aresample=48000,${AUDIO_FORMAT},loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,${AUDIO_FORMAT},apad,atrim=duration=${seconds},asetpts=PTS-STARTPTS[a${n}]`
        : `aevalsrc=0:c=stereo:s=48000:d=${seconds},${AUDIO_FORMAT}[a${n}]`,
    );
  });
  const count = input.parts.length + 1;
  filters.push(`${Array.from({ length: count }, (_, i) => `[v${i}][a${i}]`).join("")}concat=n=${count}:v=1:a=1[vout][aout]`);

  const durationSeconds = reelDuration(input.parts);
  args.push(
    "-filter_complex", filters.join(";"),
    "-map", "[vout]", "-map", "[aout]",
    "-t", durationSeconds.toFixed(3),
    ...h264OutputArgs(REEL_FPS, input.x264Preset),
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000",
    "-movflags", "+faststart", "-f", "mp4", input.output,
  );
  return { args, durationSeconds };
}
