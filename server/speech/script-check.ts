import { scriptSentences } from "../../contracts/script-sentences.ts";
import { SHOT_MESSAGES, type ScriptCheck } from "../../contracts/shots.ts";
import { matchWords, writtenWords, type WordsMatch } from "./script-match.ts";
import type { HeardWord, SpeechAligner } from "./speech-aligner.ts";

/**
 * The take check: which of a shot's sentences a take says. The sentences are exactly the
 * shot list's and the teleprompter's (scriptSentences); the words are matched by the same matcher as
 * clip-sound captions (matchWords), so a word the check shows as heard is a word the captions can time.
 */

/** Times are kept to the millisecond: finer is noise, and the clip row stays small. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

function toCheck(lines: string, match: WordsMatch, source: ScriptCheck["source"], timed: boolean): ScriptCheck {
  return {
    status: "checked",
    source,
    lines,
    sentences: match.sentences.map((sentence) => ({
      text: sentence.text,
      said: sentence.said,
      words: sentence.words.map((w) => ({
        word: w.word,
        heard: w.heard,
        start: timed && w.start !== null ? ms(w.start) : null,
        end: timed && w.end !== null ? ms(w.end) : null,
      })),
    })),
    wordMatch: Math.round(match.share * 1000) / 1000,
    message: null,
    checkedAt: new Date().toISOString(),
  };
}

/** Checks heard words (times in seconds into the take) against the lines. */
export function checkHeardWords(heard: readonly HeardWord[], lines: string, source: "offline" | "transcription", vocabulary?: ReadonlySet<string>): ScriptCheck {
  return toCheck(lines, matchWords(scriptSentences(lines), heard, { vocabulary }), source, true);
}

/**
 * Listens to a take (a 16 kHz mono 16-bit WAV of its whole sound, so word times are seconds into the
 * clip's file) with `aligner` and checks it against the shot's lines. The source says who listened:
 * "transcription" when the sound left the server for a configured endpoint, else "offline".
 */
export async function checkSpeech(aligner: SpeechAligner, wavFile: string, lines: string, signal?: AbortSignal): Promise<ScriptCheck> {
  const heard = await (aligner.alignAmongOtherSpeech ?? aligner.align).call(aligner, wavFile, lines, signal);
  const vocabulary = await aligner.vocabulary?.();
  return checkHeardWords(heard, lines, aligner.sendsAudioAway ? "transcription" : "offline", vocabulary);
}

/** Checks what the browser's speech recognition heard (no word times) against the lines. */
export function checkTranscript(transcript: string, lines: string): ScriptCheck {
  const heard = transcript
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ word, start: 0, end: 0 }));
  return toCheck(lines, matchWords(scriptSentences(lines), heard), "browser", false);
}

/** Nothing could listen: the lines' sentences, none judged, and a plain message. */
export function unavailableCheck(lines: string): ScriptCheck {
  return {
    status: "unavailable",
    source: null,
    lines,
    sentences: scriptSentences(lines).map((text) => ({
      text,
      said: false,
      words: writtenWords(text).map(({ word }) => ({ word, heard: false, start: null, end: null })),
    })),
    wordMatch: 0,
    message: SHOT_MESSAGES.checkUnavailable,
    checkedAt: new Date().toISOString(),
  };
}
