import type { VideoFormatKey } from "../../contracts/product.ts";
import { DEFAULT_CAMP_COLOURS, SAFE_AREAS, type CaptionStyle } from "../../contracts/video-style.ts";
import { cardEvents, type CardWindows } from "./ass-cards.ts";
import { captionLayout, type TimedCue } from "./caption-cues.ts";
import { escapeWebVttText, stamp } from "./captions.ts";
import { relativeLuminance } from "../../contracts/colour-contrast.ts";
import { assTime, escapeAssText, styleColour, tagColour } from "./ass-text.ts";

export { captionCues, captionCuesUntimed, captionLayout, shiftCues, type CaptionSentence, type TimedCue } from "./caption-cues.ts";
export type { CardWindows } from "./ass-cards.ts";

/**
 * Captions and card text as one ASS file the render burns in (decision 028b): drawn at the frame's own
 * size, inside the area the format's platform leaves free, either a line at a time or with each word lit
 * as it is spoken. Pure: the caller writes the file and passes ffmpeg `ass=<file>:fontsdir=<DejaVu>`.
 */
export interface AssInput {
  format: VideoFormatKey;
  width: number;
  height: number;
  style: CaptionStyle;
  /** Already in video time (shiftCues after an opening card). */
  cues: TimedCue[];
  cards?: CardWindows | null;
}

/** The lit word's colour: the camp's accent when it is light enough to read on a picture, else warm yellow. */
function highlightOf(cards: CardWindows | null | undefined): string {
  const accent = cards?.content.accent;
  return accent && /^#[0-9a-fA-F]{6}$/.test(accent) && relativeLuminance(accent) >= 0.3 ? accent : DEFAULT_CAMP_COLOURS.accent;
}

/**
 * A cue's events with one word lit at a time: the cue's span cut at every word's start and end, each
 * piece showing the whole cue with the word spoken then (if any) lit. Pieces share their boundaries,
 * so nothing overlaps or blinks between them.
 */
function wordEvents(cue: TimedCue, highlight: string, event: (start: number, end: number, text: string) => string): string[] {
  const words = cue.words ?? [];
  const cuts = [cue.start, cue.end, ...words.flatMap((w) => [w.start, w.end])]
    .filter((t) => t >= cue.start && t <= cue.end)
    .map((t) => Math.round(t * 100))
    .sort((a, b) => a - b)
    .filter((t, i, all) => i === 0 || t !== all[i - 1]);
  const escaped = words.map((w) => escapeAssText(w.text));
  const events: string[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const mid = (cuts[i]! + cuts[i + 1]!) / 200;
    const lit = words.findIndex((w) => w.start <= mid && mid < w.end);
    const text = escaped.map((w, k) => (k === lit ? `{\\1c${tagColour(highlight)}}${w}{\\r}` : w)).join(" ");
    events.push(event(cuts[i]! / 100, cuts[i + 1]! / 100, text));
  }
  return events;
}

export function buildAss(input: AssInput): string {
  const { width, height } = input;
  const layout = captionLayout(input.format, width, height);
  const highlight = highlightOf(input.cards);
  const event = (start: number, end: number, text: string) => `Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`;
  const events: string[] = [];
  for (const cue of input.cues) {
    if (cue.end <= cue.start) continue;
    if (input.style === "word" && cue.words?.length) events.push(...wordEvents(cue, highlight, event));
    else events.push(event(cue.start, cue.end, escapeAssText(cue.text)));
  }
  if (input.cards) events.push(...cardEvents(input.cards, input.format, width, height));
  const white = styleColour("#ffffff");
  const black = styleColour("#000000");
  const style = (name: string, size: number, bold: boolean, outline: number, margins: number[]) =>
    `Style: ${name},DejaVu Sans,${size},${white},${white},${black},${black},${bold ? -1 : 0},0,0,0,100,100,0,0,1,${outline},0,2,${margins.join(",")},1`;
  return [
    "[Script Info]",
    "; Summer Stories captions and card text (decision 028b)",
    "ScriptType: v4.00+",
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: None",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    style("Caption", layout.fontSize, false, layout.outline, [layout.marginL, layout.marginR, layout.marginV]),
    // Cards sit on a solid background the render plan draws, so their text needs no outline.
    style("Card", layout.fontSize, true, 0, [layout.marginL, layout.marginR, layout.marginV]),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    ...events,
    "",
  ].join("\n");
}

/**
 * WebVTT whose cues a player draws where the burned-in captions are: the cue box's foot at the top of
 * the platform's bottom strip (`line:NN%,end`), centred in and as wide as the free area between its
 * side strips. Read back by parseWebVtt (reels) like the plain file: the settings follow the timing.
 */
export function toPlacedWebVtt(cues: readonly TimedCue[], format: VideoFormatKey): string {
  const safe = SAFE_AREAS[format];
  const line = Math.floor((1 - safe.bottom - 0.015) * 100);
  const position = Math.round(((safe.left + 1 - safe.right) / 2) * 100);
  const size = Math.round((1 - safe.left - safe.right) * 100);
  const settings = `line:${line}%,end position:${position}% size:${size}% align:center`;
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.start, ".")} --> ${stamp(c.end, ".")} ${settings}\n${escapeWebVttText(c.text)}\n`).join("\n")}`;
}
