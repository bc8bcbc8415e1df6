import path from "node:path";
import type { ScriptCheck } from "../../contracts/shots.ts";
import { runMediaTool, type VideoToolPaths } from "../media/video-tools.ts";
import { usedSeconds, type RenderClip } from "../render/render-plan.ts";
import { matchScript, type ScriptTiming } from "./script-match.ts";
import type { HeardWord, SpeechAligner } from "./speech-aligner.ts";

/**
 * The sound of a clip (or of `span` of it) as the listeners take it: 16 kHz, mono, 16-bit PCM WAV.
 * Times found in it are seconds from the span's start (from the file's start without a span).
 */
export async function extractSpeechWav(tools: VideoToolPaths, input: string, wav: string, span?: { start: number; seconds: number }, signal?: AbortSignal): Promise<void> {
  const cut = span ? ["-ss", span.start.toFixed(3), "-t", span.seconds.toFixed(3)] : [];
  await runMediaTool(tools.ffmpeg, ["-v", "error", "-nostdin", "-y", ...cut, "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", wav], [input], { signal });
}

/** The result for a show: whether the camper read the script in the clips, and its sentences' times in the video. */
export interface ClipSpeechTiming extends ScriptTiming {
  /** Seconds of clip sound listened to. */
  speechSeconds: number;
}

/**
 * The words a take's script check heard, with their times (seconds into the clip's file), or
 * undefined when the check has none (not checked, unavailable, or a browser transcript without times).
 */
export function heardWordsOf(check: ScriptCheck | null | undefined): HeardWord[] | undefined {
  if (check?.status !== "checked" || (check.source !== "offline" && check.source !== "transcription")) return undefined;
  return check.sentences.flatMap((sentence) =>
    sentence.words.flatMap((w) => (w.heard && w.start !== null && w.end !== null ? [{ word: w.word, start: w.start, end: w.end }] : [])),
  );
}

/**
 * Finds the script in the part of each clip the show uses (trims applied), in show order, and lines
 * it up with everything heard: a camper may read the script across several clips. A clip whose words
 * are already known (a checked take's heardWords) is not listened to again; the others are, when an
 * aligner is given. Word times are moved to the finished video's timeline (each clip's trim start
 * removed, the clips before it added), so the result times the captions directly. Clips without sound
 * are skipped but still take their time.
 */
export async function timeScriptInClips(
  aligner: SpeechAligner | undefined,
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
    const start = Math.min(clip.trimStartSeconds ?? 0, clip.durationSeconds);
    let words: HeardWord[] | undefined;
    if (!clip.hasAudio || seconds <= 0) {
      words = undefined;
    } else if (clip.heardWords) {
      // Seconds into the file: a word cut by the trim (starting before it) is left out.
      words = clip.heardWords.filter((w) => w.start >= start).map((w) => ({ word: w.word, start: w.start - start, end: w.end - start }));
    } else if (aligner) {
      const wav = path.join(work, `speech-${index}.wav`);
      await extractSpeechWav(tools, clip.path, wav, { start, seconds }, signal);
      words = await aligner.align(wav, script, signal);
    }
    if (words) {
      for (const word of words) {
        if (word.start >= seconds) continue;
        heard.push({ word: word.word, start: at + word.start, end: at + Math.min(word.end, seconds) });
      }
      speechSeconds += seconds;
    }
    at += seconds;
  }
  return { ...matchScript(script, heard), speechSeconds };
}
