import { speechSentences, type TimedSentence } from "../voice/voice-provider.ts";
import { speechTokens, type HeardWord } from "./speech-aligner.ts";

/**
 * When we say the camper read the script (and captions follow the clips' speech): at least half of its
 * sentences "said" (80 % of a sentence's words heard, in order) and 60 % of all its words. Measured with
 * pocketsphinx on twelve camp scripts read by the built-in voice: every reading had all its sentences
 * said (words: 96-100 %); each script over another script's reading had at most a third of its
 * sentences said (words: 26-61 %, so words alone do not tell them apart). Decision record 016.
 */
export const SENTENCE_SAID_SHARE = 0.8;
export const READ_THE_SCRIPT_SENTENCES = 0.5;
export const READ_THE_SCRIPT_WORDS = 0.6;

export interface ScriptTiming {
  /** Share of the script's words heard in order (0-1). */
  share: number;
  /** Share of the script's sentences said (at least SENTENCE_SAID_SHARE of their words heard, in order). */
  sentencesSaid: number;
  /** Whether the speech is the camper reading this script. */
  readTheScript: boolean;
  /** The script's sentences (as the voice and captions split them) with where the speech says them. */
  sentences: TimedSentence[];
  /** Per sentence: whether it was said (at least SENTENCE_SAID_SHARE of its words heard, in order). */
  said: boolean[];
}

/** Seconds one word takes when nothing better is known (about 170 words a minute). */
const DEFAULT_WORD_SECONDS = 0.35;

/**
 * Lines the script up with the words heard (longest common subsequence, so a stray word heard early
 * cannot pull the rest of the script out of place) and times each sentence: it starts where its first
 * word is heard; when its first words were missed, earlier by their count at the speaker's pace.
 * A sentence none of whose words was heard sits between its neighbours.
 */
export function matchScript(script: string, heard: readonly HeardWord[]): ScriptTiming {
  const sentences = speechSentences(script);
  const flat: { token: string; sentence: number }[] = [];
  sentences.forEach((sentence, s) => speechTokens(sentence).forEach((token) => flat.push({ token, sentence: s })));
  const heardTokens = heard.map((h) => speechTokens(h.word).join(""));
  const pairs = longestCommonSubsequence(
    flat.map((f) => f.token),
    heardTokens,
  );
  const at = new Map(pairs);
  const share = flat.length ? pairs.length / flat.length : 0;
  const heardPerSentence = sentences.map(() => 0);
  const wordsPerSentence = sentences.map(() => 0);
  flat.forEach((f, i) => {
    wordsPerSentence[f.sentence]!++;
    if (at.has(i)) heardPerSentence[f.sentence]!++;
  });
  const spoken = wordsPerSentence.filter((n) => n > 0).length;
  const said = wordsPerSentence.filter((n, s) => n > 0 && heardPerSentence[s]! >= SENTENCE_SAID_SHARE * n).length;
  const sentencesSaid = spoken ? said / spoken : 0;
  const readTheScript = sentencesSaid >= READ_THE_SCRIPT_SENTENCES && share >= READ_THE_SCRIPT_WORDS;

  const durations = pairs.map(([, h]) => heard[h]!.end - heard[h]!.start).sort((a, b) => a - b);
  const pace = durations.length ? Math.max(0.15, durations[Math.floor(durations.length / 2)]!) : DEFAULT_WORD_SECONDS;

  const timed: ({ start: number; end: number } | undefined)[] = sentences.map((_, s) => {
    const indexes = flat.map((f, i) => (f.sentence === s && at.has(i) ? i : -1)).filter((i) => i >= 0);
    if (!indexes.length) return undefined;
    const first = indexes[0]!;
    const sentenceStart = flat.findIndex((f) => f.sentence === s);
    return {
      start: heard[at.get(first)!]!.start - (first - sentenceStart) * pace,
      end: heard[at.get(indexes.at(-1)!)!]!.end,
    };
  });
  const result: TimedSentence[] = [];
  sentences.forEach((text, s) => {
    const previousEnd = result[s - 1]?.end ?? 0;
    const own = timed[s];
    if (own) {
      const start = Math.max(own.start, previousEnd, 0);
      result.push({ text, start, end: Math.max(start, own.end) });
      return;
    }
    const next = timed.slice(s + 1).find(Boolean);
    const words = speechTokens(text).length;
    const end = next ? Math.max(previousEnd, next.start) : previousEnd + words * pace;
    result.push({ text, start: previousEnd, end });
  });
  const saidEach = wordsPerSentence.map((n, s) => n > 0 && heardPerSentence[s]! >= SENTENCE_SAID_SHARE * n);
  return { share, sentencesSaid, readTheScript, sentences: result, said: saidEach };
}

/** Index pairs [a, b] of a longest common subsequence of two token lists, in order. */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i++, j++]);
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
      i++;
    } else {
      j++;
    }
  }
  return pairs;
}
