import { TYPICAL_WORDS_PER_SECOND } from "../../../contracts/product.ts";
import type { Silence } from "../../media/video-tools.ts";
import type { TimedSentence } from "../../voice/voice-provider.ts";

/* How long a script takes to read, and where its sentences fall in a reading. */

/** One pace for the length panel and the writer's target word count (contracts/product.ts). */
export { TYPICAL_WORDS_PER_SECOND };

export function countSpokenWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Silence before the first word, between sentences and after the last (seconds). */
export const LEAD_SECONDS = 0.15;
// Longer than any pause inside a sentence (Flite's kal16 pauses up to 0.4 s at commas).
export const SENTENCE_GAP_SECONDS = 0.6;
export const TAIL_SECONDS = 0.3;

export const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Where each sentence starts in audio read as one piece: sentence i is expected at the share of the
 * script's characters before it; the end of the pause nearest that (after the previous sentence's
 * start) is taken, or the expected time when no pause is near.
 */
export function placeSentences(sentences: string[], silences: Silence[], durationSeconds: number): TimedSentence[] {
  const total = sentences.reduce((n, s) => n + s.length, 0) || 1;
  const firstSound = silences[0] && silences[0].start <= 0.05 ? silences[0].end : 0;
  const lastSound = silences.at(-1) && silences.at(-1)!.end >= durationSeconds - 0.05 ? silences.at(-1)!.start : durationSeconds;
  const span = Math.max(0.001, lastSound - firstSound);
  const starts: number[] = [];
  let before = 0;
  sentences.forEach((sentence, i) => {
    const expected = firstSound + (before / total) * span;
    before += sentence.length;
    if (i === 0) return starts.push(firstSound);
    const previous = starts[i - 1]!;
    const window = Math.max(1.5, (sentence.length / total) * span);
    const candidates = silences.map((s) => s.end).filter((end) => end > previous + 0.3 && end < lastSound && Math.abs(end - expected) <= window);
    candidates.sort((a, b) => Math.abs(a - expected) - Math.abs(b - expected));
    starts.push(candidates[0] ?? Math.max(expected, previous + 0.01));
  });
  return sentences.map((text, i) => ({ text, start: round(starts[i]!), end: round(i + 1 < starts.length ? starts[i + 1]! : lastSound) }));
}
