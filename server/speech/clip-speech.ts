import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { VideoToolPaths } from "../media/video-tools.ts";
import { usedSeconds, type RenderClip } from "../render/render-plan.ts";
import { matchScript, type ScriptTiming } from "./script-match.ts";
import type { HeardWord, SpeechAligner } from "./speech-aligner.ts";

const run = promisify(execFile);

/** The result for a show: whether the camper read the script in the clips, and its sentences' times in the video. */
export interface ClipSpeechTiming extends ScriptTiming {
  /** Seconds of clip sound listened to. */
  speechSeconds: number;
}

/**
 * Listens to the part of each clip the show uses (trims applied), in show order, and lines the
 * script up with everything heard: a camper may read the script across several clips. Word times are
 * moved to the finished video's timeline (each clip's trim start removed, the clips before it added),
 * so the result times the captions directly. Clips without sound are skipped but still take their time.
 */
export async function timeScriptInClips(
  aligner: SpeechAligner,
  tools: VideoToolPaths,
  clips: readonly RenderClip[],
  script: string,
  work: string,
  signal?: AbortSignal,
): Promise<ClipSpeechTiming> {
  const heard: HeardWord[] = [];
  let at = 0;
  let speechSeconds = 0;
  for (const [index, clip] of clips.entries()) {
    const seconds = usedSeconds(clip);
    if (clip.hasAudio && seconds > 0) {
      const wav = path.join(work, `speech-${index}.wav`);
      const start = Math.min(clip.trimStartSeconds ?? 0, clip.durationSeconds);
      // The recogniser's own format: 16 kHz, mono, 16-bit PCM.
      await run(
        tools.ffmpeg,
        ["-v", "error", "-nostdin", "-y", "-ss", start.toFixed(3), "-t", seconds.toFixed(3), "-i", clip.path, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", wav],
        { maxBuffer: 1024 * 1024, signal },
      );
      for (const word of await aligner.align(wav, script, signal)) {
        if (word.start >= seconds) continue;
        heard.push({ word: word.word, start: at + word.start, end: at + Math.min(word.end, seconds) });
      }
      speechSeconds += seconds;
    }
    at += seconds;
  }
  return { ...matchScript(script, heard), speechSeconds };
}
