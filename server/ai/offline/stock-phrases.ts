import { NARRATION_TONES } from "../../../contracts/product.ts";
import { AUDIENCE_SLOT, allTonePhrases } from "./tone-phrases.ts";

/**
 * Finding the writer's own stock phrases inside a text (to swap their tone, to leave them out of
 * a title, or to drop them first when shortening).
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Marks the end of a replaced phrase that ended a sentence, so the phrase after it still counts as
 * starting a sentence. Callers that insert placeholders put it after them.
 */
export const SENTENCE_END_MARK = "\u0001";

// Stock phrases only count at the start of a sentence, so a camper's own "next," in the middle
// of a sentence is left alone.
const SENTENCE_START = String.raw`(?<=^|[.!?\u0001]["')\]]?[ \t]+)`;
const WORD_END = String.raw`(?![\p{L}\p{N}])`;
// An audience name: no sentence punctuation, no line break, not absurdly long.
const AUDIENCE_NAME = String.raw`([^.!?\n\u0000\u0001]{1,80}?)`;

const patterns = new Map<string, RegExp>();

/**
 * Matches the phrase at sentence starts; an audience slot is captured as group 1. Compiled once
 * per phrase. The pattern is global, so use it with replace() or search(), not test() or exec().
 */
export function phrasePattern(phrase: string): RegExp {
  let pattern = patterns.get(phrase);
  if (!pattern) {
    const body = phrase.split(AUDIENCE_SLOT).map(escapeRegExp).join(AUDIENCE_NAME);
    pattern = new RegExp(`${SENTENCE_START}${body}${/[\p{L}\p{N}]$/u.test(phrase) ? WORD_END : ""}`, "gmu");
    patterns.set(phrase, pattern);
  }
  return pattern;
}

/** A cheap check before the regex: the phrase's fixed start must be in the text somewhere. */
export function mightContain(text: string, phrase: string): boolean {
  return text.includes(phrase.split(AUDIENCE_SLOT)[0]!);
}

export function endsSentence(phrase: string): boolean {
  return /[.!?]$/.test(phrase);
}

let everyPhrase: readonly string[] | undefined;
/** All tones' phrases, whole phrases before templates and longest first. */
function allStockPhrases(): readonly string[] {
  everyPhrase ??= [...new Set(NARRATION_TONES.flatMap(({ key }) => allTonePhrases(key)))].sort(
    (a, b) => Number(a.includes(AUDIENCE_SLOT)) - Number(b.includes(AUDIENCE_SLOT)) || b.length - a.length,
  );
  return everyPhrase;
}

/**
 * The text with every tone's stock phrases taken out. Each leaves a line break and an end mark
 * behind, so the phrase after it still counts as starting a sentence.
 */
export function removeStockPhrases(text: string): string {
  let result = text;
  for (const phrase of allStockPhrases()) {
    if (mightContain(result, phrase)) result = result.replace(phrasePattern(phrase), `\n${SENTENCE_END_MARK}`);
  }
  return result.replaceAll(SENTENCE_END_MARK, "");
}
