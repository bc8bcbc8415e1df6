/**
 * Contrast of the camp's colours on videos' title and end cards, by WCAG 2's formula. The
 * director's settings warn below the minimum; the render draws the same colours.
 *
 * The cards' text (server/render/ass-cards.ts draws it with these functions): the title in white or
 * near-black, whichever reads better on the card colour, and the camp's banner in the card colour on the
 * accent colour, or in white/near-black when the card colour does not read there.
 */
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

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio("#ffffff", background) >= contrastRatio("#111111", background) ? "#ffffff" : "#111111";
}

/** The banner's text: the card colour where it reads on the accent, else white or near-black. */
export function bannerTextOn(background: string, accent: string): string {
  return contrastRatio(background, accent) >= MIN_CARD_CONTRAST ? background : readableTextOn(accent);
}

/** The two pairs a card shows: the title on the card colour, the banner's text on the accent. */
export function cardContrasts(background: string, accent: string): { title: number; banner: number } {
  return {
    title: contrastRatio(readableTextOn(background), background),
    banner: contrastRatio(bannerTextOn(background, accent), accent),
  };
}
