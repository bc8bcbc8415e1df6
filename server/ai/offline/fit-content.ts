import { clausePrefixes, wholeClausesWithin } from "./clauses.ts";
import { contentWords, countWords } from "./text.ts";

/**
 * Shrinks the camper's answers to a word budget without rewriting them, only ever dropping whole
 * sentences or whole trailing clauses (see clauses.ts): the first sentence of each answer stays
 * when the first sentences fit (it is usually the direct answer to the prompt), and the other
 * sentences are kept in order of importance while they fit. When the first sentences alone are too
 * long, each is shortened to its leading clauses, and answers whose first clause is still too long
 * for a fair share are left out.
 */
export function fitContent(answers: readonly (readonly string[])[], budget: number): string[][] {
  const total = answers.reduce((sum, sentences) => sum + sentences.reduce((s, x) => s + countWords(x), 0), 0);
  if (total <= budget) return answers.map((sentences) => [...sentences]);

  const firstLengths = answers.map((sentences) => countWords(sentences[0] ?? ""));
  const firstTotal = firstLengths.reduce((sum, n) => sum + n, 0);
  if (firstTotal > budget) return fitFirstSentences(answers, budget).map((lead) => (lead ? [lead] : []));

  let left = budget - firstTotal;
  const keep = new Set<string>();
  const optional = rankOptionalSentences(answers);
  for (const candidate of optional) {
    if (candidate.words <= left) {
      keep.add(candidate.key);
      left -= candidate.words;
    }
  }
  // A sizeable gap left by long sentences is better filled with the leading clauses of the
  // camper's next most important sentence than with stock phrases.
  const partial = new Map<string, string>();
  if (left >= 8) {
    for (const candidate of optional) {
      if (keep.has(candidate.key)) continue;
      const short = wholeClausesWithin(candidate.text, left);
      if (short) {
        partial.set(candidate.key, short);
        break;
      }
    }
  }
  return answers.map((sentences, i) =>
    sentences.flatMap((sentence, j) => {
      const key = `${i}:${j}`;
      if (j === 0 || keep.has(key)) return [sentence];
      const cut = partial.get(key);
      return cut ? [cut] : [];
    }),
  );
}

/**
 * Each answer's first sentence at its longest whole-clause form that fits: all start at their
 * first clause; while that is too much, the answer with the longest first clause is left out (the
 * later one on a tie); then each answer in turn grows by a clause while the budget allows.
 */
function fitFirstSentences(answers: readonly (readonly string[])[], budget: number): string[] {
  const options = answers.map((sentences) => (sentences[0] ? clausePrefixes(sentences[0]) : []));
  const level: number[] = options.map((forms) => (forms.length > 0 ? 0 : -1));
  const words = (i: number) => (level[i]! < 0 ? 0 : countWords(options[i]![level[i]!]!));
  const used = () => level.reduce((sum, _, i) => sum + words(i), 0);
  while (used() > budget) {
    let longest = -1;
    level.forEach((l, i) => {
      if (l >= 0 && (longest < 0 || words(i) >= words(longest))) longest = i;
    });
    level[longest] = -1;
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (let i = 0; i < level.length; i++) {
      const next = level[i]! + 1;
      if (level[i]! < 0 || next >= options[i]!.length) continue;
      const extra = countWords(options[i]![next]!) - words(i);
      if (used() + extra <= budget) {
        level[i] = next;
        grew = true;
      }
    }
  }
  return level.map((l, i) => (l < 0 ? "" : options[i]![l]!));
}

interface Candidate {
  key: string;
  text: string;
  words: number;
  score: number;
}

/**
 * Non-first sentences, most important first. A sentence matters more when its words recur across
 * the camper's answers (it is on their main theme) and when it comes early in its answer.
 */
function rankOptionalSentences(answers: readonly (readonly string[])[]): Candidate[] {
  const frequency = new Map<string, number>();
  for (const word of answers.flat().flatMap(contentWords)) frequency.set(word, (frequency.get(word) ?? 0) + 1);

  const candidates: Candidate[] = [];
  answers.forEach((sentences, i) =>
    sentences.forEach((text, j) => {
      if (j === 0) return;
      const words = contentWords(text);
      const theme = words.reduce((sum, word) => sum + (frequency.get(word) ?? 0), 0) / Math.max(1, words.length);
      candidates.push({ key: `${i}:${j}`, text, words: countWords(text), score: theme - j * 0.25 });
    }),
  );
  // Stable sort: equal scores keep reading order, so the result is deterministic.
  return candidates.sort((a, b) => b.score - a.score);
}
