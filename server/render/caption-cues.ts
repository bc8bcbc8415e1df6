import type { VideoFormatKey } from "../../contracts/product.ts";
import { SAFE_AREAS, VIDEO_STYLE } from "../../contracts/video-style.ts";
import { speechSentences } from "../voice/voice-provider.ts";
import type { Cue } from "./captions.ts";
import { DEJAVU, wrapLines } from "./text-width.ts";

/** A caption cue with each of its words' spoken times (video time), for the word-by-word style. */
export interface TimedCue extends Cue {
  words?: { text: string; start: number; end: number }[];
}

/** A sentence and where it is spoken; wordStarts per word (text split at spaces) where heard. */
export interface CaptionSentence {
  text: string;
  start: number;
  end: number;
  wordStarts?: readonly (number | null)[];
}

/**
 * Where and how large captions are drawn on a frame (decision 028b). The font size makes capital
 * letters at least VIDEO_STYLE.captionHeightShare of the height (0.075 H: caps are 0.626 of an ASS
 * Fontsize in DejaVu Sans, so 4.7 %); the margins keep the text, outline included, inside the area the
 * platform leaves free, with a small gap.
 */
export function captionLayout(format: VideoFormatKey, width: number, height: number) {
  const safe = SAFE_AREAS[format];
  const fontSize = Math.ceil((height * (VIDEO_STYLE.captionHeightShare + 0.002)) / (DEJAVU.capHeightEm * DEJAVU.emPerFontSize));
  const outline = Math.max(2, Math.round((Math.min(width, height) * 3.5) / 1080));
  const gapX = Math.round(width * 0.01);
  const marginL = Math.ceil(safe.left * width) + outline + gapX;
  const marginR = Math.ceil(safe.right * width) + outline + gapX;
  const marginV = Math.ceil(safe.bottom * height) + outline + Math.round(height * 0.015);
  // Lines are planned 8 % narrower than the room, so the estimate's error can only leave space.
  const lineEm = ((width - marginL - marginR) * 0.92) / (fontSize * DEJAVU.emPerFontSize);
  return { fontSize, outline, marginL, marginR, marginV, lineEm };
}

const wordsOf = (text: string) => text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);

/**
 * A sentence's words cut into runs that each fit in captionMaxLines at the caption font: the fewest
 * runs that fit, cut at the word boundaries nearest to equal shares of its characters.
 */
export function chunkWords(words: readonly string[], lineEm: number): string[][] {
  const fits = (run: readonly string[]) => run.length === 1 || wrapLines(run, lineEm).lines <= VIDEO_STYLE.captionMaxLines;
  if (fits(words)) return words.length ? [[...words]] : [];
  const weights = words.map((w) => w.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  for (let n = 2; n <= words.length; n++) {
    const runs: string[][] = [];
    let from = 0;
    let sum = 0;
    for (let k = 1; k <= n; k++) {
      const target = (total * k) / n;
      let to = from;
      // Take words until the run's end is nearest the k-th share (each run at least one word, leaving one per run after it).
      while (to < words.length - (n - k) && (to === from || Math.abs(sum + weights[to]! - target) <= Math.abs(sum - target))) sum += weights[to++]!;
      if (k === n) while (to < words.length) sum += weights[to++]!;
      runs.push(words.slice(from, to));
      from = to;
    }
    if (runs.every(fits)) return runs;
  }
  return words.map((w) => [w]);
}

/**
 * Each word's spoken span within its sentence: from its heard start where known (and in order), else
 * sharing the time between known starts by characters; a word ends where the next starts, the last
 * where the sentence's speech ends.
 */
export function wordTimes(sentence: CaptionSentence, words: readonly string[]): { start: number; end: number }[] {
  const { start, end } = sentence;
  const heard = sentence.wordStarts?.length === words.length ? sentence.wordStarts : undefined;
  // Anchors: word index -> time, strictly increasing, from the sentence's start to its end.
  const anchors: [number, number][] = [[0, heard?.[0] != null && heard[0] >= start && heard[0] < end ? heard[0] : start]];
  heard?.forEach((t, i) => {
    if (i === 0 || t == null) return;
    if (t > anchors[anchors.length - 1]![1] && t < end) anchors.push([i, t]);
  });
  anchors.push([words.length, Math.max(end, anchors[anchors.length - 1]![1])]);
  const starts: number[] = [];
  for (let a = 0; a + 1 < anchors.length; a++) {
    const [from, at] = anchors[a]!;
    const [to, until] = anchors[a + 1]!;
    const weights = words.slice(from, to).map((w) => w.length + 1);
    const total = weights.reduce((x, y) => x + y, 0);
    let t = at;
    weights.forEach((w) => {
      starts.push(t);
      t += ((until - at) * w) / total;
    });
  }
  return starts.map((s, i) => ({ start: s, end: starts[i + 1] ?? anchors[anchors.length - 1]![1] }));
}

/**
 * Captions timed on the voice, like buildTimedCues, cut so each cue fits in two lines on this frame
 * (the same estimate as captionLayout), with every word's time. A sentence's first cue starts when
 * the voice starts it; its later cues with their first word; its last lasts until the next sentence.
 */
export function captionCues(sentences: readonly CaptionSentence[], videoSeconds: number, format: VideoFormatKey, width: number, height: number): TimedCue[] {
  const { lineEm } = captionLayout(format, width, height);
  const cues: TimedCue[] = [];
  sentences.forEach((sentence, i) => {
    if (sentence.start >= videoSeconds) return;
    const words = wordsOf(sentence.text);
    if (!words.length) return;
    const times = wordTimes(sentence, words);
    const last = Math.min(videoSeconds, Math.max(sentence.end, sentences[i + 1]?.start ?? sentence.end));
    const runs = chunkWords(words, lineEm);
    let first = 0;
    const starts = runs.map((run, r) => {
      const at = r === 0 ? sentence.start : times[first]!.start;
      first += run.length;
      return at;
    });
    first = 0;
    runs.forEach((run, r) => {
      const start = starts[r]!;
      const end = Math.min(last, starts[r + 1] ?? last);
      const spans = times.slice(first, first + run.length);
      first += run.length;
      if (start >= videoSeconds || end <= start) return;
      const timed = run
        .map((text, w) => ({ text, start: Math.max(start, spans[w]!.start), end: Math.min(end, spans[w]!.end) }))
        .map((w) => ({ ...w, end: Math.max(w.start, w.end) }));
      cues.push({ start, end, text: run.join(" "), words: timed });
    });
  });
  return cues;
}

/**
 * Captions for narration with no timing (captions asked for without a voice or a reading): sentences
 * share the time by words, then are cut and timed like captionCues.
 */
export function captionCuesUntimed(narration: string, durationSeconds: number, format: VideoFormatKey, width: number, height: number): TimedCue[] {
  const sentences = speechSentences(narration);
  const counts = sentences.map((s) => wordsOf(s).length);
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total || durationSeconds <= 0) return [];
  let at = 0;
  const timed = sentences.map((text, i) => {
    const start = at;
    at += (counts[i]! / total) * durationSeconds;
    return { text, start, end: Math.min(durationSeconds, at) };
  });
  return captionCues(timed, durationSeconds, format, width, height);
}

/** The cues moved later by `bySeconds` (e.g. after an opening title card), words included. */
export function shiftCues(cues: readonly TimedCue[], bySeconds: number): TimedCue[] {
  return cues.map((cue) => ({
    ...cue,
    start: cue.start + bySeconds,
    end: cue.end + bySeconds,
    ...(cue.words ? { words: cue.words.map((w) => ({ ...w, start: w.start + bySeconds, end: w.end + bySeconds })) } : {}),
  }));
}
