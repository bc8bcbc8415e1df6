import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { scriptSentences } from "../contracts/script-sentences.ts";
import type { ScriptCheck } from "../contracts/shots.ts";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { checkSpeech } from "../server/speech/script-check.ts";
import { writtenWords } from "../server/speech/script-match.ts";
import type { SpeechAligner } from "../server/speech/speech-aligner.ts";
import { FliteVoice } from "../server/voice/flite-voice.ts";
import { joinWithPauses, parseWav, seconds, toWav, trimSilence, type Pcm16 } from "../server/voice/wav.ts";
import type { Transcriber } from "./fake-openai-server.ts";

/**
 * Takes with known words for the take script check: a shot's lines read by a synthetic
 * voice, the lines with one sentence left out, and something unrelated; and takes whose every word
 * starts at a known time. Voices: Flite's CMU voices (from shows of real speakers, so the closest
 * to a camper; the npm WASI build, nothing to install) and Debian's espeak-ng (formant speech, much
 * harder for a recogniser). Every take is 16 kHz mono 16-bit WAV, what the check listens to.
 */

/** Flite's voices built from CMU's recordings of real speakers (kal, 8 kHz, is the same speaker as kal16). */
export const FLITE_CMU_VOICES = ["slt", "awb", "rms", "kal16"] as const;
/** Debian espeak-ng voices for the harder table (accents and a variant). */
export const ESPEAK_VOICES = ["en-us", "en-gb", "en-us+f3", "en-gb-scotland"] as const;

const SAMPLE_RATE = 16_000;
/** Quiet before the first sentence (the camper pressed record, then speaks), between sentences, after the last. */
const LEAD_SECONDS = 0.6;
const SENTENCE_PAUSE_SECONDS = 0.7;
const TAIL_SECONDS = 0.6;
/** Between words synthesised one by one: short, as in quick speech. */
const WORD_PAUSE_SECONDS = 0.08;
/** About -40 dBFS: quieter than any speech sound, louder than the voices' digital silence (as server/voice/wav.ts). */
const SILENCE_LEVEL = 330;

const tools = resolveVideoTools({});

export interface SpokenSentence {
  text: string;
  /** Seconds into the take. */
  start: number;
  end: number;
}

export interface Take {
  /** 16 kHz mono 16-bit WAV. */
  wav: Buffer;
  seconds: number;
  /** What the take says, sentence by sentence, and where. */
  spoken: SpokenSentence[];
}

/** A synthetic reader: reads sentences one by one into a take. */
export interface Reader {
  name: string;
  /** Each sentence as 16-bit PCM (any rate; the take is made 16 kHz). */
  sentences(texts: readonly string[]): Promise<Pcm16[]>;
}

const flite = new FliteVoice();

/** Flite (the npm WASI build), one of its voices. */
export function fliteReader(voice: (typeof FLITE_CMU_VOICES)[number]): Reader {
  return { name: `flite ${voice}`, sentences: async (texts) => (await flite.synthesizeEach([...texts], voice)).map(parseWav) };
}

/** Debian's espeak-ng (`apt-get install espeak-ng`), one of its voices. */
export function espeakReader(voice: string): Reader {
  return {
    name: `espeak-ng ${voice}`,
    sentences: (texts) =>
      Promise.all(
        texts.map(
          (text) =>
            new Promise<Pcm16>((resolve, reject) =>
              execFile("espeak-ng", ["--stdout", "-v", voice, text], { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
                error ? reject(new Error(`espeak-ng could not read "${text}": ${error.message}`)) : resolve(parseWav(stdout)),
              ),
            ),
        ),
      ),
  };
}

/** Mono 16 kHz (what the listeners take), through ffmpeg when the voice spoke at another rate (espeak-ng: 22.05 kHz). */
export async function to16k(pcm: Pcm16): Promise<Pcm16> {
  if (pcm.sampleRate === SAMPLE_RATE && pcm.channels === 1) return pcm;
  const resampled = await new Promise<Buffer>((resolve, reject) => {
    const child = execFile(
      tools.ffmpeg,
      ["-v", "error", "-nostdin", "-f", "wav", "-i", "pipe:0", "-ar", String(SAMPLE_RATE), "-ac", "1", "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(toWav(pcm));
  });
  return parseWav(resampled);
}

/** The sentences read one by one and joined with pauses, as a camper reads lines into the camera. */
export async function readTake(reader: Reader, sentences: readonly string[]): Promise<Take> {
  const pieces = (await reader.sentences(sentences)).map(trimSilence);
  const { audio, placed } = joinWithPauses(pieces, { lead: LEAD_SECONDS, between: SENTENCE_PAUSE_SECONDS, tail: TAIL_SECONDS });
  const take = await to16k(audio);
  return { wav: toWav(take), seconds: seconds(take), spoken: placed.map((at, i) => ({ text: sentences[i]!, ...at })) };
}

/** A word with the time its sound starts, exactly (the first sample above silence). */
export interface TimedWord {
  /** As the check shows it (the lines' words as written, see writtenWords). */
  word: string;
  start: number;
  end: number;
}

export interface WordTimedTake extends Take {
  /** Per sentence (as scriptSentences splits the lines), its words with known times. */
  words: TimedWord[][];
}

/** Only the sound: from the first sample above silence to the last. */
function soundOnly(pcm: Pcm16): Pcm16 {
  let first = 0;
  while (first < pcm.data.length / 2 && Math.abs(pcm.data.readInt16LE(first * 2)) <= SILENCE_LEVEL) first++;
  let last = pcm.data.length / 2 - 1;
  while (last > first && Math.abs(pcm.data.readInt16LE(last * 2)) <= SILENCE_LEVEL) last--;
  return { ...pcm, data: pcm.data.subarray(first * 2, (last + 1) * 2) };
}

/**
 * The lines read word by word: each word synthesised on its own with Flite, cut to its sound and joined
 * with short pauses (longer between sentences), so every word starts at a known time, to the sample.
 * The yardstick for the aligner's word times.
 */
export async function wordTimedTake(voice: (typeof FLITE_CMU_VOICES)[number], lines: string): Promise<WordTimedTake> {
  const sentences = scriptSentences(lines);
  const written = sentences.map((s) => writtenWords(s).map((w) => w.word));
  // Flite reads each word bare (no sentence-final fall on "day.").
  const bare = written.flat().map((w) => w.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, ""));
  const pieces = (await flite.synthesizeEach(bare, voice)).map((wav) => soundOnly(parseWav(wav)));
  if (pieces.some((p) => p.sampleRate !== SAMPLE_RATE || p.channels !== 1)) throw new Error(`flite ${voice} does not speak 16 kHz mono`);
  // Words joined into sentences, sentences into the take; each word's place is its sentence's plus its own in it.
  let next = 0;
  const sentencePieces = written.map((sentenceWords) => joinWithPauses(pieces.slice(next, (next += sentenceWords.length)), { lead: 0, between: WORD_PAUSE_SECONDS, tail: 0 }));
  const { audio, placed } = joinWithPauses(
    sentencePieces.map((p) => p.audio),
    { lead: LEAD_SECONDS, between: SENTENCE_PAUSE_SECONDS, tail: TAIL_SECONDS },
  );
  const words = sentencePieces.map((sentence, s) => sentence.placed.map((at, w) => ({ word: written[s]![w]!, start: placed[s]!.start + at.start, end: placed[s]!.start + at.end })));
  return { wav: toWav(audio), seconds: seconds(audio), spoken: placed.map((at, s) => ({ text: sentences[s]!, ...at })), words };
}

export type TakeKind = "own" | "left-out" | "unrelated";

/** One take of the table, written to disk. */
export interface TableTake {
  script: number;
  reader: string;
  kind: TakeKind;
  /** The shot's lines the take is checked against (always the script's own). */
  lines: string;
  /** For "left-out": the index (in scriptSentences(lines)) of the sentence the take leaves out. */
  leftOut: number | null;
  file: string;
  seconds: number;
  spoken: SpokenSentence[];
}

/** Runs `task` over `items`, at most `concurrency` at once, results in the items' order. */
export async function mapPool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Every script of `table` read by every reader three ways: its own lines; its lines with one sentence
 * left out (which one moves along the script with the reader, so first, middle and last sentences are
 * all left out somewhere); and its unrelated text. Written as WAV files into `work`.
 */
export async function makeTableTakes(table: readonly { lines: string; unrelated: string }[], readers: readonly Reader[], work: string, concurrency = 2): Promise<TableTake[]> {
  const jobs = table.flatMap(({ lines, unrelated }, script) =>
    readers.flatMap((reader, r) => {
      const sentences = scriptSentences(lines);
      const leftOut = (script + r) % sentences.length;
      return [
        { script, reader, kind: "own" as const, lines, leftOut: null, read: sentences },
        { script, reader, kind: "left-out" as const, lines, leftOut, read: sentences.filter((_, i) => i !== leftOut) },
        { script, reader, kind: "unrelated" as const, lines, leftOut: null, read: scriptSentences(unrelated) },
      ];
    }),
  );
  return mapPool(jobs, concurrency, async ({ read, reader, ...job }) => {
    const take = await readTake(reader, read);
    const file = path.join(work, `take-${job.script + 1}-${reader.name.replace(/[^\w]+/g, "_")}-${job.kind}.wav`);
    await writeFile(file, take.wav);
    return { ...job, reader: reader.name, file, seconds: take.seconds, spoken: take.spoken };
  });
}

export interface CheckedTake extends TableTake {
  check: ScriptCheck;
}

/** Checks each take against its lines with `aligner` (checkSpeech, as after a real take). */
export function checkTableTakes(aligner: SpeechAligner, takes: readonly TableTake[], concurrency = 2): Promise<CheckedTake[]> {
  return mapPool(takes, concurrency, async (take) => ({ ...take, check: await checkSpeech(aligner, take.file, take.lines) }));
}

export interface TableFigures {
  ownSentences: number;
  ownSaid: number;
  leftOutTakes: number;
  /** Left-out takes whose left-out sentence the check marked missed. */
  leftOutMissed: number;
  unrelatedSentences: number;
  unrelatedSaid: number;
}

/** The three figures over checked takes. */
export function tableFigures(checked: readonly CheckedTake[]): TableFigures {
  const figures: TableFigures = { ownSentences: 0, ownSaid: 0, leftOutTakes: 0, leftOutMissed: 0, unrelatedSentences: 0, unrelatedSaid: 0 };
  for (const take of checked) {
    const said = take.check.sentences.filter((s) => s.said).length;
    if (take.kind === "own") {
      figures.ownSentences += take.check.sentences.length;
      figures.ownSaid += said;
    } else if (take.kind === "unrelated") {
      figures.unrelatedSentences += take.check.sentences.length;
      figures.unrelatedSaid += said;
    } else {
      figures.leftOutTakes++;
      if (!take.check.sentences[take.leftOut!]!.said) figures.leftOutMissed++;
    }
  }
  return figures;
}

export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** `own lines A % of sentences said, left-out sentence found missed B % of takes, unrelated C % of sentences said` */
export function describeFigures(f: TableFigures): string {
  return (
    `own lines ${percent(f.ownSaid, f.ownSentences)} % of sentences said, ` +
    `left-out sentence found missed ${percent(f.leftOutMissed, f.leftOutTakes)} % of takes, ` +
    `unrelated ${percent(f.unrelatedSaid, f.unrelatedSentences)} % of sentences said`
  );
}

/**
 * For a local fake of an OpenAI-compatible transcription endpoint (testing/fake-openai-server.ts): it
 * answers each uploaded take with the words the take is known to say, each sentence's words spread over
 * where it is spoken. It fakes the provider only: the upload, the SDK, the wire format and our matching
 * are all real. A take it does not know is an error (the upload was not the take's bytes).
 */
export async function knownWordsTranscriber(takes: readonly { file: string; spoken: SpokenSentence[] }[]): Promise<Transcriber> {
  const byContent = new Map<string, SpokenSentence[]>();
  for (const take of takes) byContent.set(createHash("sha256").update(await readFile(take.file)).digest("hex"), take.spoken);
  return async (request) => {
    const spoken = byContent.get(createHash("sha256").update(request.file.bytes).digest("hex"));
    if (!spoken) throw new Error("the fake transcriber was sent audio that is not one of the takes");
    const words = spoken.flatMap(({ text, start, end }) => {
      const list = text.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "")).filter(Boolean);
      const each = (end - start) / list.length;
      return list.map((word, i) => ({ word, start: start + i * each, end: start + (i + 1) * each }));
    });
    return { text: spoken.map((s) => s.text).join(" "), words };
  };
}
