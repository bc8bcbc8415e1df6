/**
 * Captions from the narration, timed across the audio they go with: each line gets a share of the
 * time proportional to its words (speech runs at a steady pace, so this follows the voice closely).
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const MAX_WORDS_PER_CUE = 10;

export function buildCues(narration: string, durationSeconds: number): Cue[] {
  const sentences = narration.replace(/\s+/g, " ").trim().match(/[^.!?]+[.!?]*/g) ?? [];
  const lines: string[] = [];
  for (const sentence of sentences) {
    const words = sentence.trim().split(" ").filter(Boolean);
    for (let i = 0; i < words.length; i += MAX_WORDS_PER_CUE) lines.push(words.slice(i, i + MAX_WORDS_PER_CUE).join(" "));
  }
  const totalWords = lines.reduce((n, l) => n + l.split(" ").length, 0);
  if (!totalWords || durationSeconds <= 0) return [];
  const cues: Cue[] = [];
  let at = 0;
  for (const line of lines) {
    const length = (line.split(" ").length / totalWords) * durationSeconds;
    cues.push({ start: at, end: Math.min(durationSeconds, at + length), text: line });
    at += length;
  }
  return cues;
}

function stamp(seconds: number, separator: "." | ","): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(rest, 3)}`;
}

export function toWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.start, ".")} --> ${stamp(c.end, ".")}\n${c.text}\n`).join("\n")}`;
}

export function toSrt(cues: Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${stamp(c.start, ",")} --> ${stamp(c.end, ",")}\n${c.text}\n`).join("\n");
}
