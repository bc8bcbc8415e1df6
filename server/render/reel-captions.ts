import type { Cue } from "./captions.ts";

/**
 * A reel's captions (decision 027d): each part's own cues (the approved render's .vtt, whose words are
 * already burned into its picture), cut to the part staff chose and moved to where it plays in the reel.
 */

const TIMING = /^(\d+):(\d{2}):(\d{2})\.(\d{3})\s+-->\s+(\d+):(\d{2}):(\d{2})\.(\d{3})/;

const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** Undoes escapeWebVttText, so the cue is written again exactly once escaped. */
function unescape(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** The cues of a WebVTT file as the render writes them (cue number, timing line, text lines). */
export function parseWebVtt(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, "\n").split(/\n\n+/)) {
    const lines = block.split("\n");
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const m = TIMING.exec(lines[at]!)!;
    const text = lines.slice(at + 1).join("\n").trim();
    if (text) cues.push({ start: seconds(m[1]!, m[2]!, m[3]!, m[4]!), end: seconds(m[5]!, m[6]!, m[7]!, m[8]!), text: unescape(text) });
  }
  return cues;
}

/**
 * The cues of one part in reel time: only those showing between `startSeconds` and its end, cut to that
 * window, and moved by `offsetSeconds` (where the part starts in the reel) less its own start.
 */
export function shiftCues(cues: readonly Cue[], part: { startSeconds: number; seconds: number; offsetSeconds: number }): Cue[] {
  const from = part.startSeconds;
  const to = part.startSeconds + part.seconds;
  const shift = part.offsetSeconds - from;
  return cues
    .filter((cue) => cue.end > from && cue.start < to)
    .map((cue) => ({ start: Math.max(cue.start, from) + shift, end: Math.min(cue.end, to) + shift, text: cue.text }));
}
