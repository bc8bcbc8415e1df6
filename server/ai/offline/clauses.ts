import { countWords } from "./text.ts";

/**
 * Where a camper's sentence may be shortened: only where one clause ends and the next begins, so a
 * shortened sentence is still a whole sentence in the camper's own words. A comma alone is never
 * such a place (it may sit inside a list: "we plan, film and edit"), nor is "and" or "or" (they
 * join the last item of a list). What may follow the cut: a semicolon's next clause, or a clause
 * opened by a word that can only start one ("but", "because", ...).
 */
const CLAUSE_OPENERS = new Set(["but", "so", "because", "although", "though", "while", "yet", "whereas", "since"]);
// Openers that need a comma before them to start a new clause ("so" without one: "so much fun").
const NEEDS_COMMA = new Set(["so", "while", "since", "yet"]);
// A kept part this short is rarely a clause of its own ("I think.").
const MIN_CLAUSE_WORDS = 3;

function bare(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "");
}

// ", and we went..." starts a new clause when a subject follows "and" and nothing before it is an
// unfinished list ("We swam, we hiked, and we ate" stays whole).
const SUBJECTS = new Set(["i", "we", "he", "she", "they", "you", "it", "my", "our", "everyone", "everybody"]);

/** Whether every list in the kept words is finished: no comma, or an "and"/"or" after the last one. */
function listsClosed(kept: readonly string[]): boolean {
  const lastComma = kept.findLastIndex((word) => /,$/.test(word));
  return lastComma < 0 || kept.slice(lastComma + 1).some((word) => /^(?:and|or)$/i.test(bare(word)));
}

/** Words of the sentence in order; the cut goes after words[k - 1]. */
function isClauseEnd(words: readonly string[], k: number): boolean {
  if (k < MIN_CLAUSE_WORDS || k >= words.length) return false;
  const before = words[k - 1]!;
  if (/;$/.test(before)) return listsClosed(words.slice(0, k - 1));
  const next = bare(words[k]!);
  const kept = words.slice(0, k);
  if (next === "and") return /,$/.test(before) && SUBJECTS.has(bare(words[k + 1] ?? "")) && listsClosed(words.slice(0, k - 1).concat(bare(before)));
  if (!CLAUSE_OPENERS.has(next)) return false;
  return (/,$/.test(before) || !NEEDS_COMMA.has(next)) && listsClosed(kept.slice(0, -1).concat(bare(before)));
}

/** The kept part as a sentence of its own: trailing commas and the like gone, a full stop added. */
function asSentence(words: readonly string[]): string {
  const text = words.join(" ").replace(/[\s,;:\-\u2013\u2014]+$/u, "");
  return /[.!?]["')\]]*$/.test(text) ? text : `${text}.`;
}

/**
 * The sentence's whole leading clauses, shortest first, ending with the whole sentence: every
 * length the writer may shorten it to.
 */
export function clausePrefixes(sentence: string): string[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let k = 1; k < words.length; k++) if (isClauseEnd(words, k)) out.push(asSentence(words.slice(0, k)));
  out.push(sentence);
  return out;
}

/** The longest whole-clause form of the sentence within `maxWords`, or "" when even its first clause is longer. */
export function wholeClausesWithin(sentence: string, maxWords: number): string {
  let best = "";
  for (const candidate of clausePrefixes(sentence)) if (countWords(candidate) <= maxWords) best = candidate;
  return best;
}
