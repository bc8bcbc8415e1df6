import { SHOT_LIMITS } from "../../../contracts/shots.ts";
import { scriptSentenceSpans, type SentenceSpan } from "../../../contracts/script-sentences.ts";
import { countSpokenWords } from "../voice/voice-timing.ts";

/**
 * The shot list's rules, with no database: laying a narration out into shots, splitting and merging
 * them, and putting a shot's edited lines back into the narration (following an edit of the
 * narration is shot-follow.ts).
 *
 * A shot's text is always a slice of the narration (whole sentences, with the narration's own line
 * breaks inside it), so the shots put back together are the narration. The shots are "in step" with a
 * narration when their texts, joined, are the narration apart from whitespace: a whitespace-only edit
 * (a new paragraph break) leaves the shots as they are; any other edit is followed (followNarration).
 */

/** Cost (as seconds squared off the target) of a shot that runs over a paragraph break. */
const PARAGRAPH_COST = 16;

export interface Span {
  start: number;
  end: number;
}

/** Seconds a text takes at `wordsPerSecond`, to a tenth. */
export function estimateSeconds(text: string, wordsPerSecond: number): number {
  return Math.round((countSpokenWords(text) / wordsPerSecond) * 10) / 10;
}

/** The shots' texts for a narration laid out afresh. */
export function layOutShots(narration: string, wordsPerSecond: number): string[] {
  const spans = scriptSentenceSpans(narration);
  return groupSentences(narration, spans, wordsPerSecond).map(([i, j]) => narration.slice(spans[i]!.start, spans[j - 1]!.end));
}

/**
 * Groups sentences into shots: each group close to SHOT_LIMITS.targetSeconds, none under minSeconds
 * when avoidable, none over maxSeconds unless it is one sentence (a sentence is never cut), and
 * preferably not across a paragraph break. The least total squared distance from the target wins.
 */
export function groupSentences(text: string, spans: SentenceSpan[], wordsPerSecond: number): [number, number][] {
  const { minSeconds, targetSeconds, maxSeconds } = SHOT_LIMITS;
  const n = spans.length;
  const seconds = spans.map((s) => countSpokenWords(s.text) / wordsPerSecond);
  const paragraphAfter = spans.map((s, i) => i < n - 1 && /[\r\n]/.test(text.slice(s.end, spans[i + 1]!.start)));
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    let sum = 0;
    let breaks = 0;
    for (let i = j - 1; i >= 0; i--) {
      sum += seconds[i]!;
      if (i < j - 1 && paragraphAfter[i]) breaks++;
      if (sum > maxSeconds && i < j - 1) break;
      const short = sum < minSeconds ? 3 * (minSeconds - sum) ** 2 : 0;
      const cost = best[i]! + (sum - targetSeconds) ** 2 + short + breaks * PARAGRAPH_COST;
      if (cost < best[j]!) {
        best[j] = cost;
        from[j] = i;
      }
    }
  }
  const groups: [number, number][] = [];
  for (let j = n; j > 0; j = from[j]!) groups.unshift([from[j]!, j]);
  return groups;
}

export const compact = (text: string) => text.replace(/\s+/g, "");

/** Whether the shots, joined, are the narration (whitespace aside). */
export function inStep(narration: string, shotTexts: string[]): boolean {
  return compact(narration) === compact(shotTexts.join(""));
}

/**
 * Where each shot's lines sit in the narration (from its first to its last non-space character), or
 * null when the shots are not in step with it.
 */
export function locateShots(narration: string, shotTexts: string[]): Span[] | null {
  if (!inStep(narration, shotTexts)) return null;
  const spans: Span[] = [];
  let at = 0;
  for (const text of shotTexts) {
    let start = -1;
    let end = at;
    for (const char of text.replace(/\s+/g, "")) {
      while (/\s/.test(narration[at]!)) at++;
      if (start < 0) start = at;
      at += char.length;
      end = at;
    }
    spans.push({ start: start < 0 ? at : start, end });
  }
  return spans;
}

/** The shot's sentences and where they sit in its text. */
export function shotSentenceSpans(text: string): SentenceSpan[] {
  return scriptSentenceSpans(text);
}

/** The shots with shot `index` split before its sentence `beforeSentence`; null when that is not between two sentences. */
export function splitShot(shotTexts: string[], index: number, beforeSentence: number): string[] | null {
  const text = shotTexts[index];
  if (text === undefined) return null;
  const spans = scriptSentenceSpans(text);
  if (beforeSentence < 1 || beforeSentence >= spans.length) return null;
  const first = text.slice(spans[0]!.start, spans[beforeSentence - 1]!.end);
  const second = text.slice(spans[beforeSentence]!.start, spans.at(-1)!.end);
  return [...shotTexts.slice(0, index), first, second, ...shotTexts.slice(index + 1)];
}

/** The shots with shot `index` and the next one made one (the narration's text between them kept); null for the last shot. */
export function mergeShots(narration: string, shotTexts: string[], index: number): string[] | null {
  const located = locateShots(narration, shotTexts);
  if (!located || index < 0 || index >= shotTexts.length - 1) return null;
  const merged = narration.slice(located[index]!.start, located[index + 1]!.end);
  return [...shotTexts.slice(0, index), merged, ...shotTexts.slice(index + 2)];
}

/**
 * The narration with shot `index`'s lines replaced by `lines`, everything else (other shots, line
 * breaks, spaces) exactly as it was; null when the shots are not in step with the narration.
 */
export function replaceShotLines(narration: string, shotTexts: string[], index: number, lines: string): { narration: string; shotTexts: string[] } | null {
  const located = locateShots(narration, shotTexts);
  const at = located?.[index];
  if (!at) return null;
  const text = lines.trim();
  return {
    narration: narration.slice(0, at.start) + text + narration.slice(at.end),
    shotTexts: shotTexts.map((t, i) => (i === index ? text : t)),
  };
}
