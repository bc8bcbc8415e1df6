import { scriptSentenceSpans } from "../../../contracts/script-sentences.ts";
import { countSpokenWords } from "../voice/voice-timing.ts";
import { compact, groupSentences, locateShots } from "./shot-plan.ts";

/*
 * Following an edit of the narration: which shots keep their lines (and so their id and takes), which
 * change, and where new text becomes new shots; and how alike two shots' lines are.
 */

/**
 * Word similarity (2 x common words in order / all words, the Dice figure over the longest common
 * subsequence of words, ignoring case and punctuation) at or above which a shot's lines count as the
 * same lines: the shot keeps its id and its takes still say them. A one- or two-word fix in a shot of
 * 10-30 words stays above it; a rewritten sentence in a short shot, or a sentence added to one, does not.
 */
export const KEEP_SIMILARITY = 0.8;
/** Two sentences this similar are one sentence edited (lines the alignment of an edit up). */
const SENTENCE_MATCH = 0.6;
/** Lower-case words, punctuation and emoji left out ("3.5" is the words 3 and 5). */
export function wordsOf(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu) ?? [];
}

function commonInOrder(a: string[], b: string[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  let previous = new Array<number>(b.length + 1).fill(0);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

function wordSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  return (2 * commonInOrder(a, b)) / (a.length + b.length);
}

/** How alike two texts' words are, 0-1 (KEEP_SIMILARITY says when they are the same lines). */
export function lineSimilarity(a: string, b: string): number {
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  // Texts with no words (an emoji alone) are alike only when equal.
  if (wa.length === 0 && wb.length === 0) return compact(a) === compact(b) ? 1 : 0;
  return wordSimilarity(wa, wb);
}

export interface PlacedShot {
  /** The shot kept from before (its takes with it), or null for a new shot. */
  id: number | null;
  text: string;
  /** A kept shot whose lines changed beyond KEEP_SIMILARITY: its takes no longer say them. */
  linesChanged: boolean;
}

export interface FollowResult {
  shots: PlacedShot[];
  /** Shots whose lines are gone; `takesTo` is the index in `shots` of the shot that takes their takes (null when no shot is left). */
  dropped: { id: number; takesTo: number | null }[];
}

interface OldSentence {
  owner: number;
  words: string[];
}

/**
 * The shots for an edited narration, keeping what can be kept. Old and new sentences are lined up (the
 * longest run of sentences in order that are the same or edited, SENTENCE_MATCH); a new sentence lined
 * up with an old one stays in its shot. Text replacing old sentences goes to their shots in proportion
 * to where it falls, so a rewrite keeps the shots (and their takes, marked as changed); text inserted
 * inside a shot joins it, text inserted between shots becomes new shots. A kept shot whose lines changed
 * beyond KEEP_SIMILARITY is laid out again (its first part keeps the id). Shots left with no text are
 * dropped, their takes going to the next shot left (else the one before), so no take joins the free clips.
 */
export function followNarration(oldShots: { id: number; text: string }[], narration: string, wordsPerSecond: number): FollowResult {
  const spans = scriptSentenceSpans(narration);
  const old: OldSentence[] = oldShots.flatMap((shot, owner) => scriptSentenceSpans(shot.text).map((s) => ({ owner, words: wordsOf(s.text) })));
  const fresh = spans.map((s) => wordsOf(s.text));
  const owners = assignOwners(old, fresh);

  // Runs of new sentences with one owner (-1: new text), in order.
  const runs: { owner: number; from: number; to: number }[] = [];
  const seen = new Set<number>();
  for (const [j, owner] of owners.entries()) {
    const last = runs.at(-1);
    if (last && last.owner === owner) last.to = j + 1;
    else {
      // An owner can come back only after new text between; its second part is new text too.
      const own = owner >= 0 && seen.has(owner) ? -1 : owner;
      if (last && last.owner === own) last.to = j + 1;
      else runs.push({ owner: own, from: j, to: j + 1 });
      if (own >= 0) seen.add(own);
    }
  }

  const shots: PlacedShot[] = [];
  const placedAt = new Map<number, number>();
  const slice = (from: number, to: number) => narration.slice(spans[from]!.start, spans[to - 1]!.end);
  const layOutRun = (from: number, to: number) =>
    groupSentences(narration, spans.slice(from, to), wordsPerSecond).map(([i, j]) => slice(from + i, from + j));
  for (const run of runs) {
    if (run.owner < 0) {
      for (const text of layOutRun(run.from, run.to)) shots.push({ id: null, text, linesChanged: false });
      continue;
    }
    const before = oldShots[run.owner]!;
    const text = slice(run.from, run.to);
    placedAt.set(run.owner, shots.length);
    if (lineSimilarity(before.text, text) >= KEEP_SIMILARITY) {
      shots.push({ id: before.id, text, linesChanged: false });
      continue;
    }
    const [first, ...rest] = layOutRun(run.from, run.to);
    shots.push({ id: before.id, text: first!, linesChanged: true });
    for (const more of rest) shots.push({ id: null, text: more, linesChanged: false });
  }

  const dropped: FollowResult["dropped"] = [];
  for (const [owner, shot] of oldShots.entries()) {
    if (placedAt.has(owner)) continue;
    let takesTo: number | null = null;
    for (let k = owner + 1; k < oldShots.length && takesTo === null; k++) takesTo = placedAt.get(k) ?? null;
    for (let k = owner - 1; k >= 0 && takesTo === null; k--) takesTo = placedAt.get(k) ?? null;
    if (takesTo === null && shots.length) takesTo = 0;
    dropped.push({ id: shot.id, takesTo });
  }
  return { shots, dropped };
}

/**
 * At most `max` shots: while there are more, the two neighbours with the fewest words together become
 * one (the narration's text between them kept). The merged shot keeps the first one's id, else the
 * second's; a second id is dropped, its takes going to the merged shot. Only a narration far longer than
 * any video reaches the cap (100 shots of about 10 s each).
 */
export function capShots(narration: string, result: FollowResult, max: number): FollowResult {
  if (result.shots.length <= max) return result;
  const located = locateShots(narration, result.shots.map((s) => s.text));
  if (!located) throw new Error("shots out of step with the narration they were laid out from");
  const shots = result.shots.map((shot, i) => ({ ...shot, span: located[i]!, words: countSpokenWords(shot.text) }));
  const dropped = result.dropped.map((d) => ({ ...d }));
  while (shots.length > Math.max(1, max)) {
    let at = 0;
    for (let k = 1; k < shots.length - 1; k++) if (shots[k]!.words + shots[k + 1]!.words < shots[at]!.words + shots[at + 1]!.words) at = k;
    const [a, b] = [shots[at]!, shots[at + 1]!];
    const span = { start: a.span.start, end: b.span.end };
    shots.splice(at, 2, { id: a.id ?? b.id, text: narration.slice(span.start, span.end), linesChanged: a.linesChanged || b.linesChanged, span, words: a.words + b.words });
    for (const d of dropped) if (d.takesTo !== null && d.takesTo > at) d.takesTo--;
    if (a.id !== null && b.id !== null) dropped.push({ id: b.id, takesTo: at });
  }
  return { shots: shots.map(({ id, text, linesChanged }) => ({ id, text, linesChanged })), dropped };
}

/** For each new sentence, the index of the old shot it belongs to, or -1 for new text between shots. */
function assignOwners(old: OldSentence[], fresh: string[][]): number[] {
  const owners = new Array<number>(fresh.length).fill(-1);
  const same = (i: number, j: number) => {
    const a = old[i]!.words;
    const b = fresh[j]!;
    if (a.length === b.length && a.every((w, k) => w === b[k])) return true;
    // Too different in length to reach the threshold: not worth comparing.
    if ((2 * Math.min(a.length, b.length)) / (a.length + b.length) < SENTENCE_MATCH) return false;
    return wordSimilarity(a, b) >= SENTENCE_MATCH;
  };
  // The unchanged start and end are matched at once; the longest common run is found only in between.
  let head = 0;
  while (head < old.length && head < fresh.length && same(head, head)) head++;
  let tail = 0;
  while (tail < old.length - head && tail < fresh.length - head && same(old.length - 1 - tail, fresh.length - 1 - tail)) tail++;
  const oldEnd = old.length - tail;
  const freshEnd = fresh.length - tail;
  const pairs: [number, number][] = [];
  for (let k = 0; k < head; k++) pairs.push([k, k]);
  pairs.push(...longestCommonRun(head, oldEnd, head, freshEnd, same));
  for (let k = tail; k > 0; k--) pairs.push([old.length - k, fresh.length - k]);

  for (const [i, j] of pairs) owners[j] = old[i]!.owner;
  // The text between two lined-up pairs (and before the first, after the last).
  const bounds: [number, number][] = [[-1, -1], ...pairs, [old.length, fresh.length]];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [oi, fj] = bounds[k]!;
    const [oi2, fj2] = bounds[k + 1]!;
    const oldFrom = oi + 1;
    const freshFrom = fj + 1;
    if (freshFrom >= fj2) continue;
    if (oldFrom >= oi2) {
      // Inserted: inside a shot it joins that shot; between shots it is new text.
      const left = old[oi]?.owner;
      const right = old[oi2]?.owner;
      if (left !== undefined && left === right) for (let j = freshFrom; j < fj2; j++) owners[j] = left;
      continue;
    }
    // Replaced: each new sentence goes to the old shot at the same place, measured in words.
    const oldWords = old.slice(oldFrom, oi2).map((s) => Math.max(1, s.words.length));
    const freshWords = fresh.slice(freshFrom, fj2).map((w) => Math.max(1, w.length));
    const oldTotal = oldWords.reduce((a, b) => a + b, 0);
    const freshTotal = freshWords.reduce((a, b) => a + b, 0);
    let freshBefore = 0;
    for (const [n, words] of freshWords.entries()) {
      const place = ((freshBefore + words / 2) / freshTotal) * oldTotal;
      freshBefore += words;
      let i = 0;
      for (let acc = oldWords[0]!; acc < place && i < oldWords.length - 1; acc += oldWords[++i]!);
      owners[freshFrom + n] = old[oldFrom + i]!.owner;
    }
  }
  return owners;
}

/** Pairs (old index, new index) of the longest run of matching sentences in order within the ranges. */
function longestCommonRun(o0: number, o1: number, f0: number, f1: number, same: (i: number, j: number) => boolean): [number, number][] {
  const rows = o1 - o0;
  const cols = f1 - f0;
  if (rows <= 0 || cols <= 0) return [];
  const table = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  const match = Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      match[i]![j] = same(o0 + i, f0 + j);
      table[i]![j] = match[i]![j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (match[i]![j] && table[i]![j] === table[i + 1]![j + 1]! + 1) {
      pairs.push([o0 + i, f0 + j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}
