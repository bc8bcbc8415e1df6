import { NARRATION_TONES, type NarrationTone } from "../../../contracts/product.ts";
import { OFFLINE_TONE_PHRASES } from "./tone-phrases.ts";
import {
  capitalizeFirstLetter,
  countWords,
  removeEmoji,
  splitSentences,
  tidySentence,
  tidySpacing,
} from "./text.ts";
import { SIMPLER_WORDS } from "./simpler-words.ts";
import { wholeClausesWithin } from "./clauses.ts";

/**
 * The edits the offline writer can make to existing text. Each works line by line so the
 * paragraph layout survives, and none adds words other than stock phrases, pronouns or the
 * simpler synonyms of SIMPLER_WORDS.
 */

const LONG_SENTENCE_WORDS = 18;

function lines(text: string): string[] {
  return text.split(/\r?\n/);
}

function joinLines(result: string[]): string {
  return result.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}

export function stripEmoji(text: string): string {
  return joinLines(
    lines(text).map((line) => removeEmoji(line).replace(/[^\S\n]+/g, " ").replace(/ +([.,!?;:])/g, "$1").trim()),
  );
}

/** Spacing, capitals at sentence starts, "i" -> "I", and an end mark on every sentence. */
export function fixPunctuation(text: string): string {
  return joinLines(lines(text).map((line) => splitSentences(tidySpacing(line)).map(tidySentence).filter(Boolean).join(" ")));
}

function withCaseOf(original: string, replacement: string): string {
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  return /^\p{Lu}/u.test(original) ? capitalizeFirstLetter(replacement) : replacement;
}

/** Splits a long sentence at the comma-and/but/so nearest its middle: "A, and B." -> "A. And B." */
function splitLongSentence(sentence: string): string[] {
  const words = sentence.split(" ");
  if (words.length <= LONG_SENTENCE_WORDS) return [sentence];
  let bestCut = -1;
  for (let k = 3; k < words.length - 3; k++) {
    const breakable = /[,;]$/.test(words[k - 1]!) && /^(and|but|so|because|then)$/i.test(words[k]!);
    const semicolon = /;$/.test(words[k - 1]!);
    if ((breakable || semicolon) && (bestCut < 0 || Math.abs(k - words.length / 2) < Math.abs(bestCut - words.length / 2))) bestCut = k;
  }
  if (bestCut < 0) return [sentence];
  const head = tidySentence(words.slice(0, bestCut).join(" ").replace(/[,;]$/, ""));
  const tail = capitalizeFirstLetter(words.slice(bestCut).join(" "));
  return [head, ...splitLongSentence(tail)];
}

/** Plainer words from SIMPLER_WORDS, and long sentences split in two. */
export function simplify(text: string): string {
  return joinLines(
    lines(text).map((line) => {
      const plain = line.replace(/[\p{L}]+/gu, (word) => {
        const simple = SIMPLER_WORDS[word.toLowerCase()];
        return simple ? withCaseOf(word, simple) : word;
      });
      return splitSentences(plain).flatMap(splitLongSentence).join(" ");
    }),
  );
}

/** Every tone's padding phrases: the first things to go when shortening. */
const STOCK_PADDING = new Set(
  NARRATION_TONES.flatMap(({ key }) => {
    const phrases = OFFLINE_TONE_PHRASES[key];
    return [...phrases.reflections, ...phrases.fillers, ...phrases.recapIntros];
  }),
);

interface Placed {
  line: number;
  index: number;
  text: string;
  words: number;
  rank: number;
  order: number;
}

/** A sentence of 3+ words already said earlier (maybe after a transition, maybe in full). */
function repeatsEarlier(sentence: Placed, all: readonly Placed[]): boolean {
  if (sentence.words < 3) return false;
  const said = sentence.text.toLowerCase().replace(/[.!?]+$/, "");
  return all.some((earlier) => earlier.order < sentence.order && earlier.text.toLowerCase().includes(said));
}

/**
 * About 70 % of the words, whole sentences only where possible. Keeps the opening and closing,
 * then each paragraph's first sentence, then the rest in reading order; stock padding and repeats
 * go first. Returns undefined when the text is too short to shorten.
 */
export function shorten(text: string, share = 0.7): string | undefined {
  const doc = lines(text).map((line) => splitSentences(line));
  const all: Placed[] = [];
  doc.forEach((sentences, line) =>
    sentences.forEach((sentence, index) =>
      all.push({ line, index, text: sentence, words: countWords(sentence), rank: 0, order: all.length }),
    ),
  );
  const total = all.reduce((n, s) => n + s.words, 0);
  if (total < 2) return undefined;
  const target = Math.max(1, Math.min(total - 1, Math.round(total * share)));
  for (const s of all) {
    if (STOCK_PADDING.has(s.text) || repeatsEarlier(s, all)) s.rank = 3;
    else if (s.order === 0 || s.order === all.length - 1) s.rank = 0;
    else s.rank = s.index === 0 ? 1 : 2;
  }

  const byImportance = [...all].sort((a, b) => a.rank - b.rank || a.order - b.order);
  const kept = new Map<Placed, string>();
  let used = 0;
  for (const s of byImportance) {
    if (used + s.words <= target) {
      kept.set(s, s.text);
      used += s.words;
    }
  }
  // Long sentences may leave a big hole; fill it with the leading clauses of the most important
  // one left (whole clauses only, never half a list).
  const next = byImportance.find((s) => !kept.has(s));
  if (next && target - used >= Math.max(2, target * 0.2)) {
    const cut = wholeClausesWithin(next.text, target - used);
    if (cut) kept.set(next, cut);
  }
  if (kept.size === 0) return undefined;
  const keptLines = doc.map((_, line) =>
    all
      .filter((s) => s.line === line && kept.has(s))
      .map((s) => kept.get(s)!)
      .join(" "),
  );
  return joinLines(keptLines);
}

/**
 * About 130 % of the words, by adding the tone's reflections (unused ones first) between
 * paragraphs, or before the last sentence when the text is a single paragraph.
 */
export function lengthen(text: string, tone: NarrationTone, share = 0.3): string {
  const total = countWords(text);
  const wanted = Math.max(4, Math.round(total * share));
  const reflections = OFFLINE_TONE_PHRASES[tone].reflections;
  // Phrases the text doesn't have yet come first.
  const queue = [...reflections.filter((r) => !text.includes(r)), ...reflections.filter((r) => text.includes(r))];

  const doc = lines(text).map((line) => splitSentences(line));
  const filled = doc.map((sentences, i) => (sentences.length > 0 ? i : -1)).filter((i) => i >= 0);
  // Body paragraphs when there are several; otherwise the only one.
  const targets = filled.length >= 3 ? filled.slice(1, -1) : filled.slice(0, 1);
  if (targets.length === 0) return text;
  const extra = new Map<number, string[]>(targets.map((i) => [i, []]));
  let added = 0;
  for (let k = 0; added < wanted; k++) {
    const phrase = queue[k % queue.length]!;
    // Round-robin over the paragraphs, skipping any that already has this phrase.
    const inTurn = targets.map((_, j) => targets[(k + j) % targets.length]!);
    const line = inTurn.find((i) => !doc[i]!.includes(phrase) && !extra.get(i)!.includes(phrase)) ?? inTurn[0]!;
    extra.get(line)!.push(phrase);
    added += countWords(phrase);
  }
  return joinLines(
    doc.map((sentences, i) => {
      const more = extra.get(i);
      if (!more || more.length === 0) return sentences.join(" ");
      if (filled.length < 3 && sentences.length >= 2) {
        return [...sentences.slice(0, -1), ...more, sentences[sentences.length - 1]!].join(" ");
      }
      return [...sentences, ...more].join(" ");
    }),
  );
}
