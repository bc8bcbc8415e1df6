/** Small pure helpers for the narration panel. */

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** "30-second", "2-minute", "2.5-minute". */
export function videoLengthLabel(seconds: number): string {
  if (seconds < 60) return `${seconds}-second`;
  const minutes = seconds / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}-minute`;
}

/** A download name from the title ("Lake Day!" -> "Lake-Day.txt"), or narration.txt. */
export function narrationFileName(title: string): string {
  const safe = title
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N} _-]+/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${safe || "narration"}.txt`;
}

