import type { VideoFormatKey } from "../../contracts/product.ts";
import { SAFE_AREAS, type RenderCards } from "../../contracts/video-style.ts";
import { bannerTextOn, contrastRatio, readableTextOn } from "../../contracts/colour-contrast.ts";
import { assTime, escapeAssText, tagColour } from "./ass-text.ts";
import { DEJAVU, textWidthEm, wrapLines } from "./text-width.ts";

/**
 * The text of the opening and end cards as ASS events (decision 028b). The card's solid background is
 * a video section the render plan makes; here, inside the format's safe area: the title (capitals at
 * least 6 % of the height, smaller only when a long title would not fit), the camper's first name, and
 * a banner in the camp's accent colour carrying the camp's name; the end card's camp name and year.
 */

export interface CardWindows {
  content: RenderCards;
  title: { start: number; end: number };
  end: { start: number; end: number };
}

/** The Fontsize whose capital letters stand `share` of the height. */
const sizeForCaps = (height: number, share: number) => Math.ceil((height * share) / (DEJAVU.capHeightEm * DEJAVU.emPerFontSize));
const FADE = "\\fad(200,200)";

interface Frame {
  width: number;
  height: number;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  gap: number;
}

function frameOf(format: VideoFormatKey, width: number, height: number): Frame {
  const safe = SAFE_AREAS[format];
  const gapX = Math.round(width * 0.02);
  return {
    width,
    height,
    x0: Math.ceil(safe.left * width) + gapX,
    x1: Math.floor((1 - safe.right) * width) - gapX,
    top: Math.ceil(safe.top * height),
    bottom: Math.floor((1 - safe.bottom) * height),
    gap: Math.round(height * 0.02),
  };
}

/**
 * Wrapped bold text that fits `room` px tall between the frame's side margins: the largest size from
 * `largest` down to `smallest` whose lines fit; a text too long even then loses its last words to "…".
 */
export function fitBlock(text: string, frame: Frame, room: number, largest: number, smallest: number): { size: number; text: string } {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const fits = (ws: string[], size: number) => {
    const lineEm = ((frame.x1 - frame.x0) * 0.92) / (size * DEJAVU.emPerFontSize);
    const { lines, overflow } = wrapLines(ws, lineEm, true);
    return !overflow && lines * size <= room;
  };
  for (let size = largest; size >= smallest; size = Math.floor(size * 0.94)) if (fits(words, size)) return { size, text: words.join(" ") };
  for (let keep = words.length - 1; keep > 0; keep--) {
    const cut = [...words.slice(0, keep), "…"];
    if (fits(cut, smallest)) return { size: smallest, text: cut.join(" ") };
  }
  // A single word too wide for a line: it is drawn on one line, as large as still fits the width.
  return { size: oneLineSize(words[0] ?? "", frame, smallest), text: words[0] ?? "" };
}

/** The largest size up to `largest` at which `text` fits on one line between the margins. */
function oneLineSize(text: string, frame: Frame, largest: number): number {
  const em = textWidthEm(text, true) || 1;
  return Math.max(8, Math.min(largest, Math.floor(((frame.x1 - frame.x0) * 0.92) / (em * DEJAVU.emPerFontSize))));
}

const dialogue = (layer: number, start: number, end: number, margins: [number, number, number], text: string) =>
  `Dialogue: ${layer},${assTime(start)},${assTime(end)},Card,,${margins.join(",")},,${text}`;

export function cardEvents(cards: CardWindows, format: VideoFormatKey, width: number, height: number): string[] {
  const frame = frameOf(format, width, height);
  const { content } = cards;
  const ink = readableTextOn(content.background);
  // The accent colours a line only where it reads on the background; otherwise the plain text colour.
  const accentInk = contrastRatio(content.accent, content.background) >= 3 ? content.accent : ink;
  const bannerInk = bannerTextOn(content.background, content.accent);
  const middle = Math.round(height * 0.47);
  const sides = (size: number): [number, number, number] => [frame.x0, width - frame.x1, size];
  const events: string[] = [];
  // Returns the heading's size: the line under it is never larger than 80 % of it.
  const heading = (start: number, end: number, text: string, bottomAt: number) => {
    const fit = fitBlock(text, frame, bottomAt - frame.top, sizeForCaps(height, 0.064), Math.round(height * 0.03));
    const [l, r] = sides(0);
    events.push(dialogue(1, start, end, [l, r, height - bottomAt], `{\\an2\\fs${fit.size}\\1c${tagColour(ink)}${FADE}}${escapeAssText(fit.text)}`));
    return fit.size;
  };
  const subline = (start: number, end: number, text: string, topAt: number, bold: boolean, under: number) => {
    const size = oneLineSize(text, frame, Math.min(sizeForCaps(height, 0.05), Math.round(under * 0.8)));
    events.push(dialogue(1, start, end, [frame.x0, width - frame.x1, topAt], `{\\an8\\q2\\b${bold ? 1 : 0}\\fs${size}\\1c${tagColour(accentInk)}${FADE}}${escapeAssText(text)}`));
  };

  const { title, end } = cards;
  if (title.end > title.start) {
    const size = heading(title.start, title.end, content.title, middle);
    if (content.name?.trim()) subline(title.start, title.end, content.name.trim(), middle + frame.gap, false, size);
    // The banner: an accent band at the foot of the safe area, the camp's name on it in the background colour.
    const bannerSize = sizeForCaps(height, 0.047);
    const y1 = frame.bottom - frame.gap;
    const y0 = y1 - Math.round(bannerSize * 1.5);
    const band = `m ${frame.x0} ${y0} l ${frame.x1} ${y0} l ${frame.x1} ${y1} l ${frame.x0} ${y1}`;
    events.push(dialogue(1, title.start, title.end, [0, 0, 0], `{\\an7\\pos(0,0)\\p1\\bord0\\shad0\\1c${tagColour(content.accent)}${FADE}}${band}{\\p0}`));
    const nameSize = Math.min(bannerSize, oneLineSize(content.campName, { ...frame, x0: frame.x0 + frame.gap, x1: frame.x1 - frame.gap }, bannerSize));
    const cx = Math.round((frame.x0 + frame.x1) / 2);
    events.push(dialogue(2, title.start, title.end, [0, 0, 0], `{\\an5\\pos(${cx},${Math.round((y0 + y1) / 2)})\\q2\\fs${nameSize}\\1c${tagColour(bannerInk)}${FADE}}${escapeAssText(content.campName)}`));
  }
  if (end.end > end.start) {
    const size = heading(end.start, end.end, content.campName, middle);
    subline(end.start, end.end, String(content.year), middle + frame.gap, true, size);
  }
  return events;
}
