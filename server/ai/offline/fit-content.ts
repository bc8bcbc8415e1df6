import { contentWords, countWords, shortenSentence } from "./text.ts";

/**
 * Shrinks the camper's answers to a word budget without rewriting them: the first sentence of each
 * answer always stays (it is usually the direct answer to the prompt); other sentences are kept in
 * order of importance while they fit. Only when the first sentences alone are too long are they
 * cut, at a clause boundary where possible.
 */
export function fitContent(answers: readonly (readonly string[])[], budget: number): string[][] {
  const total = answers.reduce((sum, sentences) => sum + sentences.reduce((s, x) => s + countWords(x), 0), 0);
  if (total <= budget) return answers.map((sentences) => [...sentences]);

  const firstLengths = answers.map((sentences) => countWords(sentences[0] ?? ""));
  const firstTotal = firstLengths.reduce((sum, n) => sum + n, 0);
  if (firstTotal > budget) {
    const quotas = shareBudget(firstLengths, budget);
    return answers.map((sentences, i) => {
      const short = shortenSentence(sentences[0] ?? "", quotas[i]!);
      return short ? [short] : [];
    });
  }

  let left = budget - firstTotal;
  const keep = new Set<string>();
  const optional = rankOptionalSentences(answers);
  for (const candidate of optional) {
    if (candidate.words <= left) {
      keep.add(candidate.key);
      left -= candidate.words;
    }
  }
  // A sizeable gap left by long sentences is better filled with part of the camper's next most
  // important sentence than with stock phrases.
  const partial = new Map<string, string>();
  const next = optional.find((candidate) => !keep.has(candidate.key));
  if (next && left >= 8) {
    const short = shortenSentence(next.text, left);
    if (short) partial.set(next.key, short);
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

/** Splits a budget between items as evenly as their lengths allow (short items free up room). */
export function shareBudget(lengths: readonly number[], budget: number): number[] {
  const quotas = lengths.map(() => 0);
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]! || a - b);
  let left = Math.max(0, budget);
  let remaining = order.length;
  for (const i of order) {
    const quota = Math.min(lengths[i]!, Math.floor(left / remaining));
    quotas[i] = quota;
    left -= quota;
    remaining--;
  }
  return quotas;
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
