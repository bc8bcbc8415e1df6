/**
 * Contrast of the camp's colours on videos' title and end cards (issue 28), by WCAG 2's formula. The
 * director's settings warn below the minimum; the render draws the same colours.
 *
 * The cards' text: the title in white on the card colour, and the camp's banner in the card colour on
 * the accent colour.
 */
export const CARD_TEXT_COLOUR = "#ffffff";
/** WCAG AA for normal text: a phone's small screen in daylight needs at least this. */
export const MIN_CARD_CONTRAST = 4.5;

/** Relative luminance of a "#rrggbb" colour (WCAG 2). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two "#rrggbb" colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The two pairs a card shows: the title on the card colour, the banner's text on the accent. */
export function cardContrasts(background: string, accent: string): { title: number; banner: number } {
  return { title: contrastRatio(CARD_TEXT_COLOUR, background), banner: contrastRatio(background, accent) };
}
