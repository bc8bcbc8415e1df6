/**
 * A clip's own captions (.vtt, timed on the speech heard in it) and the cue type every caption file
 * shares; a finished video's captions are cut to the frame in caption-cues.ts and drawn by ass-captions.ts.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const MAX_WORDS_PER_CUE = 10;

/**
 * Captions timed on the voice itself: each sentence's first line starts exactly when the voice
 * starts the sentence; a long sentence's lines share its time by words, or start with their first
 * word where its time is known (wordStarts). Cues end where the next
 * sentence starts (or the video ends).
 */
export function buildTimedCues(sentences: readonly { text: string; start: number; end: number; wordStarts?: readonly (number | null)[] }[], videoSeconds: number): Cue[] {
  const cues: Cue[] = [];
  sentences.forEach((sentence, i) => {
    if (sentence.start >= videoSeconds) return;
    const end = Math.min(videoSeconds, Math.max(sentence.end, sentences[i + 1]?.start ?? sentence.end));
    const words = sentence.text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
    const lines: string[][] = [];
    for (let w = 0; w < words.length; w += MAX_WORDS_PER_CUE) lines.push(words.slice(w, w + MAX_WORDS_PER_CUE));
    // Each line starts with its first word where that was heard, else at its share of the sentence's time.
    const starts: number[] = [];
    lines.forEach((_, l) => {
      const first = l * MAX_WORDS_PER_CUE;
      const heard = sentence.wordStarts?.[first];
      const share = sentence.start + ((end - sentence.start) * first) / words.length;
      const start = l === 0 ? sentence.start : heard != null && heard > sentence.start && heard < end ? heard : share;
      starts.push(Math.max(start, starts[l - 1] ?? start));
    });
    lines.forEach((line, l) => cues.push({ start: starts[l]!, end: Math.min(end, starts[l + 1] ?? end), text: line.join(" ") }));
  });
  return cues;
}

export function stamp(seconds: number, separator: "." | ","): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(rest, 3)}`;
}


/**
 * Cue text for WebVTT: `&`, `<` and `>` as character references (a bare `<` starts a tag and `-->` ends
 * the cue's timing line), and no blank line, which would end the cue.
 */
export function escapeWebVttText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\s*\n\s*\n\s*/g, "\n");
}

export function toWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.start, ".")} --> ${stamp(c.end, ".")}\n${escapeWebVttText(c.text)}\n`).join("\n")}`;
}
