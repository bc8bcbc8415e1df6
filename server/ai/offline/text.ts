/**
 * Text helpers shared by the offline writer: cleaning a camper's answer for speech, splitting it
 * into sentences, counting words, and the tokenizer behind the "no invented facts" promise.
 *
 * Every cleaning step only removes characters, changes letter case or adds punctuation and spaces,
 * so it can never create a word the camper did not write.
 */

/**
 * Small words that carry no facts. Provenance checks ignore them, and the writer may use them
 * freely (pronouns included, so "I" <-> "they" rewrites stay honest).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "the", "and", "or", "but", "so", "if", "then", "than", "because", "as", "of", "to",
  "in", "on", "at", "by", "for", "with", "from", "into", "about", "up", "out", "over", "off",
  "is", "am", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has", "had",
  "will", "would", "can", "could", "should", "it", "its", "it's", "this", "that", "these", "those",
  "there", "here", "what", "which", "who", "when", "where", "how", "not", "no", "yes", "too", "very",
  "just", "also", "all", "some", "any", "each", "more", "most", "much", "many",
  "i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd",
  "we", "us", "our", "ours", "you", "your", "yours", "you're",
  "he", "him", "his", "she", "her", "hers",
  "they", "them", "their", "theirs", "themselves", "they're", "they've", "they'll", "they'd",
]);

const TOKEN = /[\p{L}\p{N}']+/gu;

/** Lowercased words made of letters, digits and apostrophes (curly apostrophes count as straight). */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.replace(/[\u2018\u2019]/g, "'").toLowerCase().matchAll(TOKEN)) {
    const word = match[0].replace(/^'+|'+$/g, "");
    if (word) out.push(word);
  }
  return out;
}

/** The words that carry meaning: tokens minus STOP_WORDS. */
export function contentWords(text: string): string[] {
  return tokens(text).filter((word) => !STOP_WORDS.has(word));
}

/**
 * Content words of `output` found in none of `sources`: the "no invented facts" check. An empty
 * result means every meaningful word came from the sources.
 */
export function wordsNotIn(output: string, sources: readonly string[]): string[] {
  const allowed = new Set(sources.flatMap(tokens));
  return [...new Set(contentWords(output).filter((word) => !allowed.has(word)))];
}

/**
 * Words as the voice reads them and the length panel counts them: runs of non-whitespace holding a
 * letter or digit ("&" or "-" alone is not read, so it takes no time).
 */
export function countWords(text: string): number {
  return text.match(SPOKEN_WORD)?.length ?? 0;
}
const SPOKEN_WORD = /[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*/gu;

export function hasWordCharacters(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

// Emoji, flags, skin tones and the invisible joiners that glue emoji sequences together. A few
// pictographs are also letters ("ℹ"); those stay, or removing them could split a word in two.
// eslint-disable-next-line no-misleading-character-class -- each code point is listed on purpose, joiners included
const EMOJI = /(?![\p{L}\p{N}])[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D\u20E3]/gu;
// Only things that look like real tags, so "a < b" survives.
const HTML_TAG = /<\/?[a-zA-Z][^<>]*>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&nbsp;": " " };

export function removeEmoji(text: string): string {
  // A space, never nothing: "fun😀times" must not become the new word "funtimes".
  return text.replace(EMOJI, " ");
}

/** Strips tags, emoji and control characters and tidies spacing; keeps line breaks. */
export function cleanText(raw: string): string {
  let text = raw.replace(HTML_TAG, " ");
  // Decode after stripping, then strip again, so "&lt;b&gt;" doesn't come back as a tag.
  text = text.replace(/&(?:amp|lt|gt|quot|nbsp);/g, (entity) => ENTITIES[entity] ?? " ").replace(HTML_TAG, " ");
  text = removeEmoji(text);
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  text = text.replace(/[\u0000-\u0009\u000B-\u001F\u007F\u200B\u200C\u2060\uFEFF]/g, " ");
  return text
    .split(/\r?\n|\r/)
    .map(tidySpacing)
    .filter((line) => line.length > 0)
    .join("\n");
}

/** Single spaces, no space before punctuation, one space after it, no stutters like "!!!". */
export function tidySpacing(line: string): string {
  return line
    .replace(/\s+/g, " ")
    .replace(/ +([.,!?;:])/g, "$1")
    .replace(/([!?])[!?]+/g, "$1")
    .replace(/,{2,}/g, ",")
    .replace(/\.{4,}/g, "...")
    .replace(/([,;:])(?=\p{L})/gu, "$1 ")
    .replace(/([.!?])(?=\p{Lu})/gu, "$1 ")
    .trim();
}

const ABBREVIATIONS = new Set(["mr.", "mrs.", "ms.", "dr.", "st.", "vs.", "e.g.", "i.e.", "jr.", "sr."]);
// These end a list and, before a capital, often the sentence too ("clips, music, etc. Then we...").
const LIST_ENDINGS = new Set(["etc."]);
// A word that visibly starts a sentence: a capital or a digit, perhaps after an opening quote.
const NEW_SENTENCE_START = /^["'([]?[\p{Lu}\p{N}]/u;

const BULLET = /^(?:[-*\u2022\u2013\u2014]|\d+[.)])\s+/u;

/**
 * Lines that belong to one sentence joined: a line that ends in a comma or a colon, or without a
 * full stop before a line in lower case, goes on; bullet points ("- trim clips") are items of the
 * sentence before them, joined with commas. So a list typed one item a line is never read (or
 * shortened) as separate sentences.
 */
export function joinListLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const item = line.replace(BULLET, "");
    const last = out.length > 0 ? out[out.length - 1]! : undefined;
    const open = last !== undefined && !/[.!?]["')\]]*$/.test(last);
    if (open && (/[,:]$/.test(last) || item !== line || /^\p{Ll}/u.test(item))) {
      out[out.length - 1] = /[,:;]$/.test(last) || item === line ? `${last} ${item}` : `${last}, ${item}`;
    } else out.push(item);
  }
  return out.join("\n");
}

/**
 * Whether a sentence ends after `word`. A quoted exclamation or question ends one only when a new
 * sentence visibly starts after it: in 'my friend shouted "Again!" and everyone laughed' it does not.
 */
function endsSentence(word: string, next: string | undefined): boolean {
  if (!/[.!?]["')\]]*$/.test(word) || ABBREVIATIONS.has(word.toLowerCase())) return false;
  if (LIST_ENDINGS.has(word.toLowerCase())) return next === undefined || NEW_SENTENCE_START.test(next);
  if (!/[.!?]["')\]]+$/.test(word) || next === undefined) return true;
  return NEW_SENTENCE_START.test(next);
}

/** Sentences in order; a line break always ends one. Words are kept exactly as written. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    let current: string[] = [];
    const words = line.split(/\s+/).filter(Boolean);
    for (const [i, word] of words.entries()) {
      current.push(word);
      if (endsSentence(word, words[i + 1])) {
        sentences.push(current.join(" "));
        current = [];
      }
    }
    if (current.length > 0) sentences.push(current.join(" "));
  }
  return sentences;
}

/** Upper-cases one letter only when lower-casing it back gives the same letter (not "ß" or "ı"). */
function upperIfReversible(letter: string): string {
  const upper = letter.toUpperCase();
  return upper.length === letter.length && upper.toLowerCase() === letter ? upper : letter;
}

export function capitalizeFirstLetter(sentence: string): string {
  // Skip opening quotes or brackets: '"wow," I said' -> '"Wow," I said'.
  return sentence.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_, lead: string, letter: string) => lead + upperIfReversible(letter));
}

/** "i" on its own (also in "i'm", "i've") becomes "I"; "i.e." is left alone. */
export function capitalizeI(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}'\u2019])i(?![\p{L}\p{N}])(?!\.e\.)/gu, "I");
}

/** A sentence ready to be read aloud: capitalised, "I" fixed, ending in . ! or ?; "" if no words. */
export function tidySentence(sentence: string): string {
  let text = capitalizeI(capitalizeFirstLetter(tidySpacing(sentence)));
  if (!hasWordCharacters(text)) return "";
  if (!/[.!?]["')\]]*$/.test(text)) {
    text = text.replace(/[\s,;:\-\u2013\u2014]+$/u, "");
    text = /[.!?]["')\]]*$/.test(text) ? text : `${text}.`;
  }
  return text;
}

// Ordinary words that often start a camper's sentence (besides the stop words).
const SENTENCE_STARTERS = new Set([
  "after", "before", "during", "every", "one", "honestly", "overall", "basically", "today",
  "yesterday", "sometimes", "once", "while", "since", "although", "even", "now", "first", "last",
  "next", "later", "people", "everyone", "everybody", "everything", "someone", "something",
  "editing", "filming", "making", "learning", "working", "using", "getting", "being",
]);

/**
 * Lower-cases the first word when it is an ordinary word, so a transition can lead into it
 * ("Next, my favourite part..."). Names and "I" keep their capital.
 */
export function lowerFirstWord(sentence: string): string {
  const match = /^(\p{Lu})(\p{Ll}*)(?![\p{L}\p{N}])/u.exec(sentence);
  if (!match) return sentence;
  const word = match[0].toLowerCase();
  if (!STOP_WORDS.has(word) && !SENTENCE_STARTERS.has(word)) return sentence;
  if (word === "i") return sentence;
  return word + sentence.slice(match[0].length);
}

/** FNV-1a: a small stable hash so phrase choices vary by story but never between runs. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function pick<T>(list: readonly T[], index: number): T {
  return list[((index % list.length) + list.length) % list.length]!;
}
