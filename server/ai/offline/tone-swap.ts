import { NARRATION_TONES, type NarrationTone } from "../../../contracts/product.ts";
import { AUDIENCE_SLOT, OFFLINE_TONE_PHRASES, PHRASE_KINDS, type PhraseKind } from "./tone-phrases.ts";
import { endsSentence, mightContain, phrasePattern, SENTENCE_END_MARK } from "./stock-phrases.ts";
import { countWords } from "./text.ts";

/**
 * Changing tone offline means swapping the writer's own stock phrases (openings, transitions,
 * reflections, closings) for the matching phrases of another tone. The camper's words stay as
 * they are.
 */

/** The tone whose stock phrases appear most; `hint` wins when it appears at all. */
export function detectTone(text: string, hint?: NarrationTone): NarrationTone | undefined {
  let winner: NarrationTone | undefined;
  let winnerScore = 0;
  for (const { key } of NARRATION_TONES) {
    let score = 0;
    for (const kind of PHRASE_KINDS) {
      for (const phrase of OFFLINE_TONE_PHRASES[key][kind]) {
        // Two-word phrases like "Next," are shared by several tones and prove little.
        if (countWords(phrase) >= 3 && mightContain(text, phrase) && text.search(phrasePattern(phrase)) >= 0) score++;
      }
    }
    if (key === hint && score > 0) return key;
    if (score > winnerScore) {
      winner = key;
      winnerScore = score;
    }
  }
  return winner;
}

interface Swap {
  pattern: RegExp;
  kind: PhraseKind;
  index: number;
  templated: boolean;
  length: number;
  endsSentence: boolean;
}

/**
 * Replaces each stock phrase of `from` with the phrase in the same place of `to`. Replacements go
 * through placeholders first so a freshly inserted phrase is never matched again.
 */
export function swapTone(text: string, from: NarrationTone, to: NarrationTone): string {
  if (from === to) return text;
  const swaps: Swap[] = [];
  for (const kind of PHRASE_KINDS) {
    OFFLINE_TONE_PHRASES[from][kind].forEach((phrase, index) => {
      if (!mightContain(text, phrase)) return;
      swaps.push({
        pattern: phrasePattern(phrase),
        kind,
        index,
        templated: phrase.includes(AUDIENCE_SLOT),
        length: phrase.length,
        endsSentence: endsSentence(phrase),
      });
    });
  }
  // Whole phrases before the templates that could swallow them, and longer before shorter.
  swaps.sort((a, b) => Number(a.templated) - Number(b.templated) || b.length - a.length);

  const inserted: string[] = [];
  let result = text;
  for (const swap of swaps) {
    const targets = OFFLINE_TONE_PHRASES[to][swap.kind];
    const replacement = targets[swap.index % targets.length]!;
    result = result.replace(swap.pattern, (_match, name?: string) => {
      inserted.push(typeof name === "string" ? replacement.replace(AUDIENCE_SLOT, name) : replacement);
      // The end mark lets the next phrase still be found at the start of its sentence.
      return `\u0000${inserted.length - 1}\u0000${swap.endsSentence ? SENTENCE_END_MARK : ""}`;
    });
  }
  // eslint-disable-next-line no-control-regex -- NUL marks are placeholders no camper text can contain
  return result.replace(/\u0000(\d+)\u0000\u0001?/g, (_, i: string) => inserted[Number(i)]!);
}
