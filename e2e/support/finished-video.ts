import { expect } from "vitest";
import exifr from "exifr";
import type { VideoFormatKey } from "../../contracts/product.ts";
import { SAFE_AREAS, VIDEO_STYLE } from "../../contracts/video-style.ts";
import { detectSilences, type VideoToolPaths } from "../../server/media/video-tools.ts";
import {
  colourDistance,
  frameAt,
  frameGray,
  hexRgb,
  loudness,
  meanAbsDiff,
  pixelsWhere,
  rmsWindows,
  type Window,
} from "../../testing/media-measure.ts";
import { PHOTO_SECRETS } from "../../testing/photo-fixtures.ts";
import type { VttCue } from "../../testing/voice-timing.ts";

/**
 * The journey's checks of a downloaded MP4, made from the outside (ffmpeg's meters and frame grabs, the
 * public API's figures), as the video style's acceptance describes them.
 */

/** -14 LUFS integrated (within 1 LU), true peak at or below -1 dBTP (ebur128=peak=true). */
export async function expectPlatformLoudness(file: string) {
  const { integrated, truePeak } = await loudness(file);
  expect(Math.abs(integrated - VIDEO_STYLE.loudnessLufs), `integrated ${integrated} LUFS`).toBeLessThanOrEqual(VIDEO_STYLE.loudnessToleranceLu);
  expect(truePeak, `true peak ${truePeak} dBTP`).toBeLessThanOrEqual(VIDEO_STYLE.truePeakDbtp);
  return { integrated, truePeak };
}

/**
 * Music between sentences, ducked under speech: the voice-over's sentence pauses (silencedetect on the
 * voice file, moved to video time by `storyStart`) from `quietFrom` on, where the clips' own sound no
 * longer plays, must not be silent; each sentence either side must be at least speechOverMusicDb louder
 * than the pause. The music under speech is ducked further than in the pause, so this is a conservative
 * proof that speech stays that far above it.
 */
export async function expectMusicUnderSpeech(tools: VideoToolPaths, file: string, voiceFile: string, storyStart: number, quietFrom: number) {
  const silences = await detectSilences(tools, voiceFile, -35, 0.5);
  const inner = silences.filter((s, i) => s.start > 0.05 && i < silences.length - 1 && s.start + storyStart >= quietFrom);
  expect(inner.length, "sentence pauses after the clips' own sound").toBeGreaterThan(0);
  const pairs: { gap: Window; before: Window; after: Window }[] = inner.map((s) => {
    const i = silences.indexOf(s);
    const previousEnd = i > 0 ? silences[i - 1]!.end : 0;
    const at = (w: Window) => ({ start: w.start + storyStart, end: w.end + storyStart });
    return {
      gap: at({ start: s.start + 0.05, end: s.end - 0.05 }),
      before: at({ start: previousEnd + 0.05, end: s.start - 0.05 }),
      after: at({ start: s.end + 0.05, end: silences[i + 1]!.start - 0.05 }),
    };
  });
  const levels: { gap: number; before: number; after: number }[] = [];
  for (const pair of pairs) {
    const [gap, before, after] = await rmsWindows(file, [pair.gap, pair.before, pair.after]);
    levels.push({ gap: gap!, before: before!, after: after! });
  }
  for (const [i, l] of levels.entries()) {
    const where = `pause ${pairs[i]!.gap.start.toFixed(2)}-${pairs[i]!.gap.end.toFixed(2)} s`;
    expect(l.gap, `${where}: music heard (dBFS)`).toBeGreaterThan(-45);
    expect(Math.min(l.before, l.after) - l.gap, `${where}: sentences ${l.before} / ${l.after} dB over the pause's ${l.gap} dB`).toBeGreaterThanOrEqual(
      VIDEO_STYLE.speechOverMusicDb,
    );
  }
  return levels;
}

/** Two frames inside a photo's section (after its cross-fade in, before the next one's) differ: it pans or zooms. */
export async function expectPhotoMoves(file: string, start: number, seconds: number) {
  const first = await frameGray(file, start + VIDEO_STYLE.crossfadeSeconds + 0.2, 270, 480);
  const last = await frameGray(file, start + seconds - 0.15, 270, 480);
  const diff = meanAbsDiff(first, last);
  expect(diff, "mean gray difference between the photo section's first and last frames").toBeGreaterThan(2);
  return diff;
}

/** The stored photo: a JPEG with no EXIF, GPS, XMP or maker left anywhere in its bytes. */
export async function expectNoPhotoMetadata(bytes: Buffer) {
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(await exifr.parse(bytes, { gps: true, xmp: true, icc: true, iptc: true })).toBeUndefined();
  const text = bytes.toString("latin1");
  for (const secret of [...PHOTO_SECRETS, "GPS"]) expect(text.includes(secret), `"${secret}" in the stored photo`).toBe(false);
}

/** The share of a frame's pixels within 12 of `hex` in every channel. */
async function shareOfColour(file: string, seconds: number, hex: string): Promise<number> {
  const [w, h] = [108, 192];
  const rgb = await frameAt(file, seconds, w, h, "rgb24");
  const target = hexRgb(hex);
  return pixelsWhere(rgb, w, (r, g, b) => colourDistance([r, g, b], target) <= 12).count / (w * h);
}

/** The title card: mostly the camp's colour a second in, and gone once its time and the cross-fade are over. */
export async function expectTitleCard(file: string, background: string) {
  const during = await shareOfColour(file, 1, background);
  const after = await shareOfColour(file, VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.crossfadeSeconds + 0.2, background);
  expect(during, `share of ${background} at 1 s`).toBeGreaterThan(0.6);
  expect(after, `share of ${background} after the title card`).toBeLessThan(0.2);
  return { during, after };
}

/** Every placed cue's box lies inside the area the format's platform leaves free (WebVTT line/position/size). */
export function expectCuesInSafeArea(cues: readonly VttCue[], format: VideoFormatKey) {
  const safe = SAFE_AREAS[format];
  expect(cues.length).toBeGreaterThan(0);
  for (const cue of cues) {
    const line = /line:(\d+(?:\.\d+)?)%,end/.exec(cue.settings);
    const position = Number(/position:(\d+(?:\.\d+)?)%/.exec(cue.settings)?.[1]);
    const size = Number(/size:(\d+(?:\.\d+)?)%/.exec(cue.settings)?.[1]);
    expect(line, `cue "${cue.text}" settings "${cue.settings}"`).not.toBeNull();
    expect(Number(line![1]) / 100).toBeLessThanOrEqual(1 - safe.bottom);
    expect((position - size / 2) / 100).toBeGreaterThanOrEqual(safe.left - 0.005);
    expect((position + size / 2) / 100).toBeLessThanOrEqual(1 - safe.right + 0.005);
  }
}

/** Near-white (caption text) and the lit word's yellow, found in a frame whose picture has neither (campPhotoJpeg). */
const isWhite = (r: number, g: number, b: number) => r >= 225 && g >= 225 && b >= 225;
const isLit = (r: number, g: number, b: number) => r >= 200 && g >= 150 && b <= 150 && r - b >= 80;

/**
 * A frame with word-by-word captions over the photo: the caption's white text and its lit word are all
 * inside the format's free area, the text at least ~4.5 % of the frame high. Tries frames 0.1 s apart
 * from `from` until one has a word lit (between words none is); returns its time.
 */
export async function expectWordCaptionInSafeArea(file: string, format: VideoFormatKey, width: number, height: number, from: number, to: number) {
  const safe = SAFE_AREAS[format];
  const [w, h] = [width / 2, height / 2];
  for (let t = from; t <= to; t += 0.1) {
    const rgb = await frameAt(file, t, w, h, "rgb24");
    const lit = pixelsWhere(rgb, w, isLit);
    if (lit.count < 20) continue;
    const text = pixelsWhere(rgb, w, (r, g, b) => isWhite(r, g, b) || isLit(r, g, b));
    const box = text.box!;
    const at = `frame at ${t.toFixed(2)} s, caption box ${JSON.stringify(box)} in ${w}x${h}`;
    expect(box.bottom, at).toBeLessThanOrEqual((1 - safe.bottom) * h);
    expect(box.top, at).toBeGreaterThanOrEqual(safe.top * h);
    expect(box.left, at).toBeGreaterThanOrEqual(safe.left * w - 2);
    expect(box.right, at).toBeLessThanOrEqual((1 - safe.right) * w + 2);
    expect(box.bottom - box.top, at).toBeGreaterThanOrEqual(0.04 * h);
    return { seconds: t, box };
  }
  throw new Error(`no frame between ${from.toFixed(2)} s and ${to.toFixed(2)} s has a lit word`);
}
