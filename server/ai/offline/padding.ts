import type { TonePhrases } from "./tone-phrases.ts";
import { countWords, pick } from "./text.ts";

/**
 * Fills a short story up to its target length with the tone's own phrases only: reflections after
 * the answers, then a recap that repeats the camper's key sentences, then (for very short answers
 * and long videos) more of the same. Nothing here can add a fact.
 */
export interface Padding {
  /** Extra sentences to read after each answer (one list per answer slot). */
  afterAnswer: string[][];
  /** A recap paragraph read before the closing; empty when not needed. */
  recap: string[];
}

type PadItem = { kind: "reflection"; text: string } | { kind: "recap"; intro: string };

// More recaps than this would only repeat the same sentences again.
const MAX_RECAPS = 2;

/**
 * Reflections in a story-specific order, with a recap after the first light pass (one reflection
 * per answer) and after each full pass. Each pass is shifted by one, so when a very long video
 * forces a phrase to come back, it lands beside different neighbours.
 */
function* padItems(phrases: TonePhrases, slots: number, seed: number): Generator<PadItem> {
  const reflections = phrases.reflections;
  let used = 0;
  for (let round = 0; ; round++) {
    const until = slots + round * reflections.length;
    while (used < until) {
      yield { kind: "reflection", text: pick(reflections, seed + used + Math.floor(used / reflections.length)) };
      used++;
    }
    if (round < MAX_RECAPS) yield { kind: "recap", intro: pick(phrases.recapIntros, seed + round) };
  }
}

/**
 * Plans padding worth `gap` words (never more), stopping once within `tolerance` words of it.
 * `keyLines` are the camper's own key sentences for the recap.
 */
export function planPadding(
  phrases: TonePhrases,
  slots: number,
  keyLines: readonly string[],
  gap: number,
  tolerance: number,
  seed: number,
): Padding {
  const afterAnswer: string[][] = Array.from({ length: Math.max(1, slots) }, () => []);
  const recap: string[] = [];
  let left = gap;
  let placed = 0;
  const place = (text: string) => {
    afterAnswer[placed % afterAnswer.length]!.push(text);
    placed++;
    left -= countWords(text);
  };

  const saidOnce = new Set<string>();
  const shortestKey = Math.min(...keyLines.map(countWords));
  // Once a whole pass places nothing, every remaining item is too long for the gap.
  let misses = 0;
  for (const item of padItems(phrases, afterAnswer.length, seed)) {
    if (left <= tolerance || misses > phrases.reflections.length + 1) break;
    if (item.kind === "reflection") {
      // A phrase comes back only once every other one has been said (very long videos).
      const fresh = !saidOnce.has(item.text) || saidOnce.size >= phrases.reflections.length;
      if (fresh && countWords(item.text) <= left) {
        saidOnce.add(item.text);
        place(item.text);
        misses = 0;
      } else misses++;
      continue;
    }
    const introWords = countWords(item.intro);
    if (keyLines.length === 0 || introWords + shortestKey > left) {
      misses++;
      continue;
    }
    recap.push(item.intro);
    left -= introWords;
    for (const line of keyLines) {
      const words = countWords(line);
      if (words <= left) {
        recap.push(line);
        left -= words;
      }
    }
    misses = 0;
  }

  // Top up the last few words with the tone's short interjections.
  for (let turn = 0; left > tolerance; turn++) {
    const fitting = phrases.fillers.filter((filler) => countWords(filler) <= left);
    if (fitting.length === 0) break;
    place(pick(fitting, seed + turn));
  }
  return { afterAnswer, recap };
}
