import type { Clip } from "../../../contracts/clips.ts";
import type { PersonalDetailField, PersonalDetailFinding, PersonalDetailPlace } from "../../../contracts/personal-details.ts";

/**
 * "Fix it" for a flagged phrase opens the narration editor at the place it stands, with the words
 * selected: the address says which field, where, and what the words were, so the editor can find
 * them again if the text has moved on since the check.
 */
export interface FixTarget {
  field: PersonalDetailField;
  start: number;
  end: number;
  phrase: string;
  /** For a caption: the cue number the phrase begins in. */
  line?: number;
}

/** /shows/:id/narration?fix=script&select=12-24&phrase=... (and &line=N for a caption). */
export function fixHref(showId: number, finding: Pick<PersonalDetailFinding, "phrase">, place: PersonalDetailPlace): string {
  const params = new URLSearchParams({ fix: place.field, select: `${place.start}-${place.end}`, phrase: finding.phrase });
  if (place.line) params.set("line", String(place.line.index));
  return `/shows/${showId}/narration?${params.toString()}`;
}

const FIELDS: readonly PersonalDetailField[] = ["title", "script", "captions"];

/** The target in an address's query (without "?"), or null when it names none or is malformed. */
export function parseFixTarget(search: string): FixTarget | null {
  const params = new URLSearchParams(search);
  const field = params.get("fix") as PersonalDetailField | null;
  const range = /^(\d{1,6})-(\d{1,6})$/.exec(params.get("select") ?? "");
  const phrase = params.get("phrase") ?? "";
  if (!field || !FIELDS.includes(field) || !range) return null;
  const start = Number(range[1]);
  const end = Number(range[2]);
  if (end <= start) return null;
  const line = params.get("line");
  return { field, start, end, phrase, ...(line !== null && /^\d{1,5}$/.test(line) ? { line: Number(line) } : {}) };
}

/**
 * Where the phrase is in `text` now: at the offsets the check gave when the words there are still
 * the phrase (capitals aside), else the occurrence nearest them, else null (fixed since).
 */
export function locatePhrase(text: string, start: number, end: number, phrase: string): { start: number; end: number } | null {
  const wanted = phrase.toLowerCase();
  if (!wanted) return end <= text.length ? { start, end } : null;
  if (text.slice(start, end).toLowerCase() === wanted) return { start, end };
  const lower = text.toLowerCase();
  let best: number | null = null;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    if (best === null || Math.abs(at - start) < Math.abs(best - start)) best = at;
  }
  return best === null ? null : { start: best, end: best + phrase.length };
}

/**
 * The clip on screen at `seconds` into the video: the clips play in order, each for its kept part,
 * and again from the first when a longer voice outlasts them (the render's own order).
 */
export function clipAtSecond(clips: Pick<Clip, "id" | "usedSeconds">[], seconds: number): number | null {
  const total = clips.reduce((sum, c) => sum + c.usedSeconds, 0);
  if (clips.length === 0 || total <= 0) return null;
  let t = Math.max(0, seconds) % total;
  for (const clip of clips) {
    if (t < clip.usedSeconds) return clip.id;
    t -= clip.usedSeconds;
  }
  return clips.at(-1)!.id;
}
