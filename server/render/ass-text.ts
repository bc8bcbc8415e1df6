/**
 * Small pieces of the ASS subtitle format shared by captions and cards: times, colours, escaping, and
 * colour contrast (cards use the camp's colours, whatever they are, and must stay readable).
 */

/** ASS times are H:MM:SS.cc; rounding in one place keeps one event's end equal to the next one's start. */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${h}:${pad(m)}:${pad(s)}.${pad(cs % 100)}`;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const bgr = (hex: string) => {
  const [r, g, b] = rgb(hex).map((v) => v.toString(16).padStart(2, "0").toUpperCase());
  return `${b}${g}${r}`;
};

/** "#rrggbb" as an ASS style colour (&HAABBGGRR, opaque). */
export const styleColour = (hex: string) => `&H00${bgr(hex)}`;
/** "#rrggbb" as an override tag's colour (&HBBGGRR&). */
export const tagColour = (hex: string) => `&H${bgr(hex)}&`;

/** U+2060 WORD JOINER: invisible; after a backslash it stops libass reading `\N`, `\h` or a tag. */
const JOIN = "\u2060";

/**
 * A camper's words as ASS event text: a backslash cannot start an escape or tag, braces are libass's
 * literal-brace escapes (so no override block), and line breaks become spaces (libass wraps the line).
 */
export function escapeAssText(text: string): string {
  return text
    .replace(/\\/g, `\\${JOIN}`)
    .replace(/[{}]/g, (brace) => `\\${brace}`)
    .replace(/\s+/g, " ")
    .trim();
}
