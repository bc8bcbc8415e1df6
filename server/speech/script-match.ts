import { speechSentences, type TimedSentence } from "../voice/voice-provider.ts";
import { comparableTokens, spokenTokens, type HeardWord } from "./speech-aligner.ts";

/**
 * A sentence is "said" when at least this share of its words is heard, in order. Measured with
 * pocketsphinx on twelve camp scripts read by the built-in voice: every reading had all its sentences
 * said (words: 96-100 %); each script over another script's reading had at most a third of its
 * sentences said (words: 26-61 %, so words alone do not tell them apart). Decision records 016 and 021
 * (the take check, measured again over Flite's four CMU voices).
 */
export const SENTENCE_SAID_SHARE = 0.8;
/** When we say the camper read the script (and captions follow the clips' speech): half its sentences said and 60 % of its words. */
export const READ_THE_SCRIPT_SENTENCES = 0.5;
export const READ_THE_SCRIPT_WORDS = 0.6;

/** One word of the lines as written, and where it was heard. */
export interface MatchedWord {
  /** As written, punctuation kept (a piece with no letters, such as an emoji, joins the word before it). */
  word: string;
  heard: boolean;
  /** Seconds, as the heard words were timed; null when not heard. */
  start: number | null;
  end: number | null;
  /** False when the listener cannot hear this word at all (not in its vocabulary): it does not count either way. */
  hearable: boolean;
}

export interface MatchedSentence {
  text: string;
  words: MatchedWord[];
  /** Share of the sentence's hearable words heard, in order (0-1; 1 when none is hearable). */
  share: number;
  /** At least SENTENCE_SAID_SHARE of its hearable words heard, in order. */
  said: boolean;
}

export interface WordsMatch {
  sentences: MatchedSentence[];
  /** Share of all hearable words heard, in order (0-1). */
  share: number;
  /** Share of the sentences with hearable words that were said (0-1). */
  sentencesSaid: number;
  /** Seconds one heard word takes (median), for placing words that were not heard. */
  pace: number;
}

export interface MatchOptions {
  /** The listener's vocabulary (spokenTokens form); a written word with a token outside it is not hearable. */
  vocabulary?: ReadonlySet<string>;
}

/**
 * A sentence's words as written (for showing), each with its comparable tokens; a piece with no
 * letters or digits (a dash, an emoji) joins the word before it.
 */
export function writtenWords(sentence: string): { word: string; tokens: string[] }[] {
  const words: { word: string; tokens: string[] }[] = [];
  for (const piece of sentence.split(/\s+/).filter(Boolean)) {
    const tokens = comparableTokens(piece);
    const last = words.at(-1);
    if (!tokens.length && last) last.word = `${last.word} ${piece}`;
    else words.push({ word: piece, tokens });
  }
  return words;
}

/** Seconds one word takes when nothing better is known (about 170 words a minute). */
const DEFAULT_WORD_SECONDS = 0.35;

/**
 * The one matcher behind the take check and clip-sound captions: lines the sentences' words up with
 * the words heard (longest common subsequence over comparableTokens, so a stray word heard early, a
 * sentence read twice or chatter between sentences cannot pull the rest out of place; "3" matches
 * "three" and "can't" matches "cannot"). A written word is heard when at least half its tokens are;
 * its times run from its first heard token's start to its last one's end.
 */
export function matchWords(sentences: readonly string[], heard: readonly HeardWord[], options: MatchOptions = {}): WordsMatch {
  const written = sentences.map((text) =>
    writtenWords(text).map((w) => ({ ...w, hearable: w.tokens.length > 0 && (!options.vocabulary || spokenTokens(w.word).every((t) => options.vocabulary!.has(t))) })),
  );
  const flat: { sentence: number; word: number; token: string }[] = [];
  written.forEach((words, s) =>
    words.forEach((w, i) => {
      if (w.hearable) for (const token of w.tokens) flat.push({ sentence: s, word: i, token });
    }),
  );
  // Heard words as tokens; a word heard as several tokens ("can't") shares its time out between them.
  const heardTokens: { token: string; start: number; end: number }[] = [];
  for (const h of heard) {
    const tokens = comparableTokens(h.word);
    const each = (h.end - h.start) / Math.max(1, tokens.length);
    tokens.forEach((token, i) => heardTokens.push({ token, start: h.start + i * each, end: h.start + (i + 1) * each }));
  }
  const pairs = longestCommonSubsequence(
    flat.map((f) => f.token),
    heardTokens.map((h) => h.token),
  );
  const tokenTimes = new Map<string, { matched: number; start: number; end: number }>();
  for (const [f, h] of pairs) {
    const key = `${flat[f]!.sentence}:${flat[f]!.word}`;
    const time = heardTokens[h]!;
    const seen = tokenTimes.get(key);
    if (seen) tokenTimes.set(key, { matched: seen.matched + 1, start: seen.start, end: time.end });
    else tokenTimes.set(key, { matched: 1, start: time.start, end: time.end });
  }

  let hearableWords = 0;
  let heardWords = 0;
  let sentencesWithWords = 0;
  let saidSentences = 0;
  const result: MatchedSentence[] = written.map((words, s) => {
    const matched: MatchedWord[] = words.map((w, i) => {
      const time = tokenTimes.get(`${s}:${i}`);
      const heardIt = w.hearable && time !== undefined && time.matched * 2 >= w.tokens.length;
      return { word: w.word, heard: heardIt, start: heardIt ? time.start : null, end: heardIt ? time.end : null, hearable: w.hearable };
    });
    const hearable = matched.filter((w) => w.hearable).length;
    const heardCount = matched.filter((w) => w.heard).length;
    hearableWords += hearable;
    heardWords += heardCount;
    const share = hearable ? heardCount / hearable : 1;
    const said = hearable > 0 && share >= SENTENCE_SAID_SHARE;
    if (hearable) sentencesWithWords++;
    if (said) saidSentences++;
    return { text: sentences[s]!, words: matched, share, said };
  });
  const durations = pairs.map(([, h]) => heardTokens[h]!.end - heardTokens[h]!.start).sort((a, b) => a - b);
  const pace = durations.length ? Math.max(0.15, durations[Math.floor(durations.length / 2)]!) : DEFAULT_WORD_SECONDS;
  return {
    sentences: result,
    share: hearableWords ? heardWords / hearableWords : 0,
    sentencesSaid: sentencesWithWords ? saidSentences / sentencesWithWords : 0,
    pace,
  };
}

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

/**
 * Times each sentence of a script from the words heard (matchWords): it starts where its first word
 * is heard; when its first words were missed, earlier by their count at the speaker's pace. A sentence
 * none of whose words was heard sits between its neighbours.
 */
export function matchScript(script: string, heard: readonly HeardWord[], options: MatchOptions = {}): ScriptTiming {
  return timeSentences(matchWords(speechSentences(script), heard, options));
}

/** Sentence times (for captions) from a words match. */
export function timeSentences(match: WordsMatch): ScriptTiming {
  const { pace } = match;
  const timed = match.sentences.map((sentence) => {
    const first = sentence.words.findIndex((w) => w.heard);
    if (first < 0) return undefined;
    const last = sentence.words.findLast((w) => w.heard)!;
    return { start: sentence.words[first]!.start! - first * pace, end: last.end! };
  });
  const result: TimedSentence[] = [];
  match.sentences.forEach(({ text }, s) => {
    const previousEnd = result[s - 1]?.end ?? 0;
    const own = timed[s];
    if (own) {
      const start = Math.max(own.start, previousEnd, 0);
      // Per word as written (a joined emoji or dash is its own piece, with no time).
      const wordStarts = match.sentences[s]!.words.flatMap((w) => w.word.split(" ").map((_, i) => (i === 0 ? w.start : null)));
      result.push({ text, start, end: Math.max(start, own.end), wordStarts });
      return;
    }
    const next = timed.slice(s + 1).find(Boolean);
    const words = spokenTokens(text).length;
    const end = next ? Math.max(previousEnd, next.start) : previousEnd + words * pace;
    result.push({ text, start: previousEnd, end });
  });
  return {
    share: match.share,
    sentencesSaid: match.sentencesSaid,
    readTheScript: match.sentencesSaid >= READ_THE_SCRIPT_SENTENCES && match.share >= READ_THE_SCRIPT_WORDS,
    sentences: result,
    said: match.sentences.map((s) => s.said),
  };
}

/**
 * Index pairs [a, b] of a longest common subsequence of two token lists, in order. Of equally long
 * ones, the one with the latest heard words: a sentence started, dropped and read again is timed (and
 * captioned) at its full reading, not at the false start.
 */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  const width = b.length + 1;
  // table[i][j]: the LCS length of a's first i tokens and b's first j.
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i * width + j] = a[i - 1] === b[j - 1] ? table[(i - 1) * width + j - 1]! + 1 : Math.max(table[(i - 1) * width + j]!, table[i * width + j - 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      pairs.push([--i, --j]);
    } else if (table[(i - 1) * width + j]! >= table[i * width + j - 1]!) {
      i--;
    } else {
      j--;
    }
  }
  return pairs.reverse();
}
