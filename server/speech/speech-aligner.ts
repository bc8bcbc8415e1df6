/** A word found in speech, in seconds from the start of the audio it was found in. */
export interface HeardWord {
  word: string;
  start: number;
  end: number;
}

/**
 * Finds where words are spoken in a recording (a take, for the script check; clips' own sound, for
 * captions). Chosen by config (create-speech-aligner.ts): an OpenAI-compatible transcription endpoint
 * only when the camp configured one (TRANSCRIBE_BASE_URL), else offline pocketsphinx when installed.
 */
export interface SpeechAligner {
  readonly name: string;
  /** True when the audio leaves this server (the privacy decision record says when that is allowed). */
  readonly sendsAudioAway: boolean;
  /**
   * The words heard in a 16 kHz mono 16-bit WAV, in order, with their times. `text` is what the
   * speaker is expected to have said: an offline recogniser listens for those words only; a
   * transcriber may ignore it. Words that were not heard are simply absent.
   */
  align(wavFile: string, text: string, signal?: AbortSignal): Promise<HeardWord[]>;
  /**
   * As align, for a take that may say other things than `text` (the take check): a word is heard only
   * where the speech sounds more like it than like any other speech. Absent: align (a transcriber
   * already writes what was said, whatever the text).
   */
  alignAmongOtherSpeech?(wavFile: string, text: string, signal?: AbortSignal): Promise<HeardWord[]>;
  /**
   * The words (spokenTokens form) this aligner can listen for at all; absent: any word. An offline
   * recogniser knows only its pronouncing dictionary, so a word outside it (an unusual name) is never
   * heard and must not count against the take.
   */
  vocabulary?(): Promise<ReadonlySet<string>>;
}

/** Spoken-word form for comparing: lower case, letters, digits and inner apostrophes only. */
export function speechTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[-\u2010-\u2015/]/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, "").replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINALS: Record<string, string> = { one: "first", two: "second", three: "third", five: "fifth", eight: "eighth", nine: "ninth", twelve: "twelfth" };

/** A whole number as spoken ("twenty one", "two thousand twenty six"); undefined beyond a million. */
function numberWords(n: number): string[] | undefined {
  if (!Number.isInteger(n) || n < 0 || n >= 1_000_000) return undefined;
  if (n < 20) return [ONES[n]!];
  if (n < 100) return n % 10 ? [TENS[Math.floor(n / 10)]!, ONES[n % 10]!] : [TENS[n / 10]!];
  if (n < 1000) return [ONES[Math.floor(n / 100)]!, "hundred", ...(n % 100 ? numberWords(n % 100)! : [])];
  return [...numberWords(Math.floor(n / 1000))!, "thousand", ...(n % 1000 ? numberWords(n % 1000)! : [])];
}

function ordinalWords(n: number): string[] | undefined {
  const words = numberWords(n);
  if (!words) return undefined;
  const last = words.at(-1)!;
  const ordinal = ORDINALS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), ordinal];
}

/**
 * The words a speaker says for a piece of text: speechTokens with numbers written as words ("3" ->
 * "three", "1st" -> "first", "3.5" -> "three point five", "2,000" -> "two thousand"), so a script
 * with digits can be listened for and compared with a transcript that spells them out (or not).
 */
export function spokenTokens(text: string): string[] {
  return speechTokens(text.replace(/(\d),(?=\d{3}\b)/g, "$1").replace(/(\d)\.(\d+)/g, (_, whole: string, decimals: string) => `${whole} point ${[...decimals].join(" ")}`).replace(/&/g, " and ")).flatMap((token) => {
    const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(token);
    if (ordinal) return ordinalWords(Number(ordinal[1])) ?? [token];
    // Beyond a million: digit by digit (a phone number is read that way too).
    if (/^\d+$/.test(token)) return numberWords(Number(token)) ?? [...token].map((d) => ONES[Number(d)]!);
    return [token];
  });
}

/** Contractions said in full, so "can't", "cannot" and "can not" all compare as "can not". */
const CONTRACTIONS: [RegExp, string][] = [
  [/^cannot$/, "can not"],
  [/^can't$/, "can not"],
  [/^won't$/, "will not"],
  [/^shan't$/, "shall not"],
  [/^let's$/, "let us"],
  [/^(it|that|what|there|here|he|she|who|where|how)'s$/, "$1 is"],
  [/^(\p{L}+)n't$/u, "$1 not"],
  [/^(\p{L}+)'m$/u, "$1 am"],
  [/^(\p{L}+)'re$/u, "$1 are"],
  [/^(\p{L}+)'ve$/u, "$1 have"],
  [/^(\p{L}+)'ll$/u, "$1 will"],
  [/^(\p{L}+)'d$/u, "$1 would"],
];

/** The form two texts are compared in: spokenTokens with contractions said in full. */
export function comparableTokens(text: string): string[] {
  return spokenTokens(text).flatMap((token) => {
    for (const [pattern, full] of CONTRACTIONS) if (pattern.test(token)) return token.replace(pattern, full).split(" ");
    return [token];
  });
}
