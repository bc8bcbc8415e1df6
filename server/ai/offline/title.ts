import { removeStockPhrases } from "./stock-phrases.ts";
import { STOP_WORDS } from "./text.ts";

/**
 * A short title from the content's own key words: the most repeated meaningful word pair ("Stop
 * Motion") or word, plus the next key word, joined with "and" or led by "My". The writer's stock
 * phrases are taken out first, so "Thanks for watching" never becomes a title.
 */
export const FALLBACK_TITLE = "My Reflection";
const MAX_TITLE_CHARS = 80;
const MAX_TITLE_WORDS = 7;

// Common words that make poor titles even though they are not stop words.
const WEAK_WORDS = new Set([
  "really", "thing", "things", "stuff", "lot", "lots", "like", "liked", "love", "loved", "got", "get",
  "gets", "make", "made", "makes", "went", "going", "go", "think", "thought", "want", "wanted", "know",
  "knew", "use", "used", "using", "did", "doing", "done", "feel", "felt", "pretty", "even", "only",
  "still", "now", "then", "well", "way", "one", "two", "something", "everything", "anything", "nothing",
  "yes", "okay", "wow", "thanks", "thank", "hi", "hey", "hello", "say", "said", "see", "saw", "came",
  "come", "take", "took", "put", "let", "lets", "every", "time", "next", "back", "because", "learn",
  "spent", "spend", "show", "try", "keep", "kept", "help", "work", "start", "end", "part", "year",
  "week", "everyone", "people", "much", "lot", "out", "press", "just",
]);
// Describing words: fine at the front of a pair ("Favorite Project"), weak on their own.
const DESCRIBERS = new Set([
  "favorite", "favourite", "best", "new", "first", "last", "big", "good", "great", "cool", "awesome",
  "amazing", "fun", "final", "whole", "little", "huge", "short", "long",
]);

interface Term {
  /** Lower-case key: one word or "word word". */
  key: string;
  /** The spelling to show, as it first appears in the content. */
  display: string;
  count: number;
  firstSeen: number;
}

function isKeyWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (/['\u2019]/.test(lower) || /^\p{N}+$/u.test(lower)) return false;
  if (STOP_WORDS.has(lower) || WEAK_WORDS.has(lower) || DESCRIBERS.has(lower)) return false;
  // Past-tense verbs ("learned", "filmed") describe, they don't name a topic.
  if (lower.length > 4 && lower.endsWith("ed")) return false;
  return lower.length >= 3 || /^\p{Lu}{2}$/u.test(word);
}

/** "videos" and "video" count as one topic. */
function topicKey(word: string): string {
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith("s") && !lower.endsWith("ss") ? lower.slice(0, -1) : lower;
}

/** Key words and pairs (describer or key word + key word), counted within phrases. */
function collectTerms(content: string): { words: Map<string, Term>; pairs: Map<string, Term> } {
  const words = new Map<string, Term>();
  const pairs = new Map<string, Term>();
  let position = 0;
  const add = (map: Map<string, Term>, key: string, display: string) => {
    const term = map.get(key);
    if (term) term.count++;
    else map.set(key, { key, display, count: 1, firstSeen: position });
  };
  for (const phrase of content.split(/[.,!?;:()"\n\u2013\u2014]+|\s-\s/)) {
    let previous: string | undefined;
    for (const match of phrase.matchAll(/[\p{L}\p{N}'\u2019]+/gu)) {
      const word = match[0];
      position++;
      if (isKeyWord(word)) {
        add(words, topicKey(word), word);
        if (previous) add(pairs, `${topicKey(previous)} ${topicKey(word)}`, `${previous} ${word}`);
      }
      previous = isKeyWord(word) || DESCRIBERS.has(word.toLowerCase()) ? word : undefined;
    }
  }
  return { words, pairs };
}

function best(terms: Iterable<Term>, skip: (term: Term) => boolean = () => false): Term | undefined {
  let winner: Term | undefined;
  for (const term of terms) {
    if (skip(term)) continue;
    if (!winner || term.count > winner.count || (term.count === winner.count && term.firstSeen < winner.firstSeen)) winner = term;
  }
  return winner;
}

function titleCaseWord(word: string, index: number): string {
  if (index > 0 && ["and", "of", "the"].includes(word)) return word;
  // Keep brand styling such as "iMovie" or "eBay".
  if (/^\p{Ll}\p{Lu}/u.test(word)) return word;
  const first = word.charAt(0);
  const upper = first.toUpperCase();
  // Only when lower-casing gives the same letter back (not for "ß").
  return upper.length === 1 && upper.toLowerCase() === first ? upper + word.slice(1) : word;
}

/** 2-7 words in Title Case from the content's key phrases, at most 80 characters; never empty. */
export function writeTitle(content: string): string {
  const { words, pairs } = collectTerms(removeStockPhrases(String(content ?? "")));
  const topWord = best(words.values());
  if (!topWord) return FALLBACK_TITLE;
  // A pair leads when it repeats and is nearly as common as the top word ("stop motion").
  const topPair = best(pairs.values(), (pair) => pair.count < 2);
  const lead = topPair && topPair.count * 2 >= topWord.count ? topPair : topWord;
  const leadWords = lead.key.split(" ");
  // A second topic after a pair only when it repeats too; after a single word, any other word.
  const second = best(words.values(), (term) => leadWords.includes(term.key) || (leadWords.length > 1 && term.count < 2));

  const parts = second ? [...lead.display.split(" "), "and", second.display] : ["My", ...lead.display.split(" ")];
  const title = parts.slice(0, MAX_TITLE_WORDS).map(titleCaseWord).join(" ");
  if (title.length <= MAX_TITLE_CHARS) return title;
  const shorter = ["My", lead.display.split(" ")[0]!].map(titleCaseWord).join(" ");
  return shorter.length <= MAX_TITLE_CHARS ? shorter : FALLBACK_TITLE;
}
