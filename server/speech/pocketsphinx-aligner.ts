import { existsSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { scriptSentences } from "../../contracts/script-sentences.ts";
import { listeningTimeLimitMs } from "../media/time-limits.ts";
import { onPath, runTool, ToolAbortedError, ToolTimeLimitError } from "../media/tool-process.ts";
import { spokenTokens, type HeardWord, type SpeechAligner } from "./speech-aligner.ts";

/** Debian's `pocketsphinx` (5prealpha: pocketsphinx_continuous) and `pocketsphinx-en-us`. */
const BINARY = "pocketsphinx_continuous";
const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
const ACOUSTIC_MODEL = path.join(MODEL_DIR, "en-us");
const DICTIONARY = path.join(MODEL_DIR, "cmudict-en-us.dict");

let dictionary: Promise<Map<string, string[]>> | undefined;

/**
 * The pronouncing dictionary (134k words): each word with its lines (its pronunciations, `the` and
 * `the(2)`). Only these words can be listened for. Read once per process.
 */
function pronunciations(): Promise<Map<string, string[]>> {
  dictionary ??= readFile(DICTIONARY, "utf8").then((text) => {
    const words = new Map<string, string[]>();
    for (const line of text.split("\n")) {
      const name = line.slice(0, line.indexOf(" "));
      if (!name) continue;
      const word = name.replace(/\(\d+\)$/, "");
      const lines = words.get(word);
      if (lines) lines.push(line);
      else words.set(word, [line]);
    }
    return words;
  });
  return dictionary;
}

let known: Promise<ReadonlySet<string>> | undefined;

function knownWords(): Promise<ReadonlySet<string>> {
  known ??= pronunciations().then((words) => new Set(words.keys()));
  return known;
}

/**
 * The acoustic model's 39 phones. As "words" of their own (a phone loop), they let the grammar say
 * "something else was said here" instead of stretching the script's words over other speech.
 */
export const PHONES = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"] as const;
/** A phone's word in the grammar: no script token has an underscore (speechTokens keeps letters, digits and apostrophes). */
const phoneWord = (phone: string) => `_${phone.toLowerCase()}`;

/**
 * The weight of each phone of other speech in the grammar (see scriptGrammar): the higher, the sooner
 * speech is heard as something else than the lines. Measured (decision record 026d) over Flite's and
 * espeak-ng's voices and real human read speech: 0.1 missed 14 % of human readers' own sentences; 0.01
 * keeps 95-100 % of them said (Flite and human) and at most 1.3 % of other lines' sentences.
 */
export const OTHER_SPEECH_PHONE_WEIGHT = 0.01;

function binaryOnPath(): string | undefined {
  return onPath(BINARY);
}

/** Seconds of sound in a 16 kHz mono 16-bit WAV (what extractSpeechWav makes) of this many bytes. */
const wavSeconds = (bytes: number) => Math.max(0, bytes - 44) / (16_000 * 2);

/**
 * Offline: pocketsphinx listens for the script's own words in order (a finite-state grammar, see
 * scriptGrammar) and says when each one it heard was spoken. Nothing leaves the server. Its dictionary
 * is only the script's words (read from the 134k-word one once per process), so each run starts fast.
 * For captions (align) every stretch of speech is placed on the script where it fits best; for the take
 * check (alignAmongOtherSpeech) a phone loop competes with the script's words, so speech that is not
 * the lines is heard as phones and leaves the lines unheard (decision record 026d).
 */
export class PocketsphinxAligner implements SpeechAligner {
  readonly name = "pocketsphinx (offline)";
  readonly sendsAudioAway = false;

  constructor(private readonly binary: string = binaryOnPath() ?? BINARY) {}

  /** Whether the recogniser and its English model are installed. */
  static available(): boolean {
    return binaryOnPath() !== undefined && existsSync(ACOUSTIC_MODEL) && existsSync(DICTIONARY);
  }

  /** Only the pronouncing dictionary's words can be listened for. */
  vocabulary(): Promise<ReadonlySet<string>> {
    return knownWords();
  }

  async align(wavFile: string, text: string, signal?: AbortSignal): Promise<HeardWord[]> {
    return this.listen(wavFile, text, false, signal);
  }

  /** The take check's listening: the script's words only where they sound likelier than any other speech. */
  async alignAmongOtherSpeech(wavFile: string, text: string, signal?: AbortSignal): Promise<HeardWord[]> {
    return this.listen(wavFile, text, true, signal);
  }

  private async listen(wavFile: string, text: string, otherSpeech: boolean, signal?: AbortSignal): Promise<HeardWord[]> {
    const words = await pronunciations();
    // Sentences as the shot list splits them (a sentence read again restarts at its start); numbers as words.
    const sentences = scriptSentences(text).map((sentence) => spokenTokens(sentence).filter((w) => words.has(w)));
    const fsg = scriptGrammar(sentences, otherSpeech ? OTHER_SPEECH_PHONE_WEIGHT : undefined);
    if (!fsg) return [];
    // Next to the sound, in the caller's work folder (a render's, which crash recovery cleans up).
    const grammar = `${wavFile}.fsg`;
    const dict = `${wavFile}.dict`;
    try {
      // The script reaches pocketsphinx only as dictionary words inside the grammar file, never as an argument.
      await writeFile(grammar, fsg);
      // Only the script's words (and the phones): pocketsphinx then need not read all 134k words.
      const own = [...new Set(sentences.flat())].flatMap((w) => words.get(w)!);
      const phones = otherSpeech ? PHONES.map((p) => `${phoneWord(p)} ${p}`) : [];
      await writeFile(dict, [...own, ...phones].join("\n") + "\n");
      const timeoutMs = listeningTimeLimitMs(wavSeconds((await stat(wavFile)).size));
      const { stdout } = await runTool(
        this.binary,
        ["-infile", wavFile, "-fsg", grammar, "-dict", dict, "-hmm", ACOUSTIC_MODEL, "-time", "yes", "-logfn", "/dev/null"],
        { maxBuffer: 16 * 1024 * 1024, signal, timeoutMs },
      ).catch((error: Error) => {
        if (error instanceof ToolTimeLimitError || error instanceof ToolAbortedError) throw error;
        throw new Error(`pocketsphinx could not read the clip's sound: ${error.message}`, { cause: error });
      });
      return parseTimedWords(stdout);
    } finally {
      await Promise.all([rm(grammar, { force: true }), rm(dict, { force: true })]);
    }
  }
}

/**
 * The script as a Sphinx FSG: state i is "before word i". From each state the next word, or the one
 * or two after it (a skipped or mumbled word); from the start any word (each pause-separated
 * utterance starts the grammar again, and a clip may begin mid-script); from each sentence's end any
 * sentence's start (a sentence read again, or the next clip's part); and a way out to the end from
 * everywhere. Every state reaches only a few others, so decoding stays linear in the script's length:
 * a JSGF of optional words ([w1] [w2] ...) lets every word reach every later one and took twice real
 * time on a 350-word script, this about 0.03.
 *
 * With `otherSpeech` (a phone's weight), other speech has a way through too: a loop of the 39 phones
 * at the start and at the end, and from the end back to the start. An utterance may then be other
 * speech, a stretch of the script, other speech again; a script word is placed only where it explains
 * the sound better than phones at that weight do. Without it, a reading of other lines had its words
 * stretched over the script wherever a few of them fitted ("at the ending" made "Everyone laughed at
 * the ending." said).
 */
export function scriptGrammar(sentences: readonly string[][], otherSpeech?: number): string | undefined {
  const words = sentences.flat();
  if (!words.length) return undefined;
  const starts: number[] = [];
  let at = 0;
  for (const sentence of sentences) {
    if (sentence.length) starts.push(at);
    at += sentence.length;
  }
  const end = words.length;
  const lines: string[] = [];
  const add = (from: number, to: number, p: number, word?: string) => lines.push(`TRANSITION ${from} ${to} ${p}${word ? ` ${word}` : ""}`);
  for (let i = 0; i < end; i++) {
    add(i, i + 1, 0.7, words[i]);
    if (i + 1 < end) add(i, i + 2, 0.1, words[i + 1]);
    if (i + 2 < end) add(i, i + 3, 0.05, words[i + 2]);
  }
  for (let j = 3; j < end; j++) add(0, j + 1, 0.01, words[j]);
  for (const boundary of [...starts.slice(1), end]) for (const start of starts) if (start !== boundary) add(boundary, start + 1, 0.05, words[start]);
  for (let i = 1; i < end; i++) add(i, end, 0.01);
  if (otherSpeech !== undefined) {
    for (const phone of PHONES) {
      add(0, 0, otherSpeech, phoneWord(phone));
      add(end, end, otherSpeech, phoneWord(phone));
    }
    add(end, 0, 0.05);
  }
  return `FSG_BEGIN script\nNUM_STATES ${end + 1}\nSTART_STATE 0\nFINAL_STATE ${end}\n${lines.join("\n")}\nFSG_END\n`;
}

/**
 * `-time yes` prints each utterance's text, then one line per segment: `word start end confidence`,
 * with times from the start of the file. Silences, fillers and empty segments are dropped; a
 * pronunciation variant's number (`the(2)`) too.
 */
export function parseTimedWords(stdout: string): HeardWord[] {
  const words: HeardWord[] = [];
  for (const line of stdout.split("\n")) {
    const match = /^(\S+) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!match) continue;
    const word = match[1]!.replace(/\(\d+\)$/, "");
    if (/^[<[(_]/.test(word)) continue;
    words.push({ word, start: Math.max(0, Number(match[2])), end: Math.max(0, Number(match[3])) });
  }
  return words;
}
