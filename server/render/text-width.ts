/**
 * How wide a line of text draws in DejaVu Sans (the font every caption and card is burned in with), so
 * captions can be cut into cues that never need a third line and card text can be sized to fit its
 * safe area before libass draws it. Advances are the font's own (hmtx, in hundredths of an em, for
 * the printable ASCII characters); anything else is guessed on the wide side, so the estimate errs
 * towards shorter lines, never longer ones.
 */

// Hundredths of an em for U+0020..U+007E, read from node_modules/dejavu-fonts-ttf (DejaVuSans.ttf, DejaVuSans-Bold.ttf).
const REGULAR = [
  32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69,
  63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
];
const BOLD = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77,
  72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
];

/**
 * libass sizes a font so its ascent plus descent (DejaVu: 1901 + 483 of 2048 units) equals the ASS
 * Fontsize; the em is that much smaller. Capital letters stand 1493 units tall.
 */
export const DEJAVU = { emPerFontSize: 2048 / (1901 + 483), capHeightEm: 1493 / 2048 } as const;

/** A line's width in ems: known advances for ASCII, 0.75 em for other letters, a full em for wide scripts and emoji. */
export function textWidthEm(text: string, bold = false): number {
  const table = bold ? BOLD : REGULAR;
  let hundredths = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) hundredths += table[code - 0x20]!;
    else if (code === 0x2060 || (code >= 0x300 && code <= 0x36f) || (code >= 0xfe00 && code <= 0xfe0f) || code === 0x200d) continue;
    else if (code >= 0x2e80 || code >= 0x1f000) hundredths += 100;
    else hundredths += 75;
  }
  return hundredths / 100;
}

/**
 * How many lines the words take when wrapped greedily at `maxEm` (libass's smart wrap balances lines
 * but never needs more than this). A word wider than a line takes a line to itself and sets `overflow`.
 */
export function wrapLines(words: readonly string[], maxEm: number, bold = false): { lines: number; overflow: boolean } {
  const space = textWidthEm(" ", bold);
  let lines = 0;
  let current = -1;
  let overflow = false;
  for (const word of words) {
    const width = textWidthEm(word, bold);
    if (width > maxEm) overflow = true;
    if (current >= 0 && current + space + width <= maxEm) current += space + width;
    else {
      lines++;
      current = width;
    }
  }
  return { lines, overflow };
}
