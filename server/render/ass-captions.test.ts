import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoFormatKey } from "../../contracts/product.ts";
import { SAFE_AREAS, VIDEO_STYLE, type RenderCards } from "../../contracts/video-style.ts";
import { resolveVideoTools } from "../media/video-tools.ts";
import { parseWebVtt } from "./reel-captions.ts";
import { buildAss, captionCues, captionCuesUntimed, captionLayout, shiftCues, toPlacedWebVtt, type TimedCue } from "./ass-captions.ts";
import { escapeAssText } from "./ass-text.ts";
import { wrapLines } from "./text-width.ts";

const run = promisify(execFile);
const LONG = "We paddled all the way across the lake at sunrise while the loons were calling and nobody said a word";
const CARDS: RenderCards = { title: "Canoe Trip", name: "Maya", campName: "Camp Pinewood", year: 2025, background: "#12355b", accent: "#ffd166" };
const SIZES: Record<"tiktok" | "youtube", [number, number]> = { tiktok: [1080, 1920], youtube: [1920, 1080] };

/** The Dialogue lines of an ASS file as [start, end, style, text] in seconds. */
function dialogues(ass: string) {
  const seconds = (t: string) => {
    const [h, m, s] = t.split(":");
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return ass
    .split("\n")
    .filter((l) => l.startsWith("Dialogue:"))
    .map((l) => {
      const f = l.slice(10).split(",");
      return { start: seconds(f[1]!), end: seconds(f[2]!), style: f[3]!, text: f.slice(9).join(",") };
    });
}

describe("caption placement and cues", () => {
  it("keeps captions above TikTok/Reels/Shorts' lower strip and clear of their right edge; 16:9 near the bottom", () => {
    for (const format of ["tiktok", "youtube_shorts", "instagram_stories"] as const) {
      const l = captionLayout(format, 1080, 1920);
      expect(l.marginV).toBeGreaterThan(SAFE_AREAS[format].bottom * 1920);
      expect(l.marginR).toBeGreaterThan(SAFE_AREAS[format].right * 1080);
      expect(l.marginL).toBeGreaterThan(SAFE_AREAS[format].left * 1080);
    }
    for (const format of ["youtube", "linkedin"] as const) {
      const l = captionLayout(format, 1920, 1080);
      expect(l.marginV).toBeGreaterThan(0.08 * 1080);
      expect(l.marginV).toBeLessThan(0.13 * 1080);
    }
    const ass = buildAss({ format: "tiktok", width: 1080, height: 1920, style: "lines", cues: [] });
    expect(ass).toContain("PlayResX: 1080\nPlayResY: 1920");
    expect(ass).toMatch(/WrapStyle: 0/);
    expect(ass).toMatch(/ScaledBorderAndShadow: yes/);
    const l = captionLayout("tiktok", 1080, 1920);
    expect(ass).toContain(`Style: Caption,DejaVu Sans,${l.fontSize},`);
    expect(ass).toMatch(new RegExp(`,1,${l.outline},0,2,${l.marginL},${l.marginR},${l.marginV},1\\n`));
  });

  it("cuts a long sentence into cues of at most two lines, at word boundaries, covering its time", () => {
    for (const [format, [w, h]] of Object.entries(SIZES)) {
      const cues = captionCues([{ text: LONG, start: 1, end: 9 }], 20, format as VideoFormatKey, w, h);
      const { lineEm } = captionLayout(format as VideoFormatKey, w, h);
      for (const cue of cues) expect(wrapLines(cue.text.split(" "), lineEm).lines).toBeLessThanOrEqual(VIDEO_STYLE.captionMaxLines);
      expect(cues.map((c) => c.text).join(" ")).toBe(LONG);
      expect(cues[0]!.start).toBe(1);
      cues.slice(1).forEach((c, i) => expect(c.start).toBe(cues[i]!.end));
      expect(cues.at(-1)!.end).toBe(9);
    }
    // 9:16 has far less room per line than 16:9.
    expect(captionCues([{ text: LONG, start: 0, end: 8 }], 20, "tiktok", 1080, 1920).length).toBeGreaterThan(2);
  });

  it("times words on the heard starts where known, else by characters, and a cue lasts until the next sentence", () => {
    const sentences = [
      { text: "One two three", start: 0, end: 3, wordStarts: [0.2, 1.5, null] },
      { text: "Four", start: 4, end: 4.5 },
    ];
    const cues = captionCues(sentences, 10, "youtube", 1920, 1080);
    expect(cues[0]!.words!.map((w) => w.start)).toEqual([0.2, 1.5, expect.closeTo(1.5 + 1.5 * (4 / 10), 5)]);
    expect(cues[0]!.words!.at(-1)!.end).toBe(3);
    expect(cues[0]!.end).toBe(4);
    expect(cues[1]).toMatchObject({ start: 4, end: 4.5, words: [{ text: "Four", start: 4, end: 4.5 }] });
    const untimed = captionCuesUntimed("Hello there camp. It was fun!", 10, "youtube", 1920, 1080);
    expect(untimed.map((c) => [c.text, c.start, c.end])).toEqual([
      ["Hello there camp.", 0, expect.closeTo(5, 5)],
      ["It was fun!", expect.closeTo(5, 5), 10],
    ]);
    const shifted = shiftCues(cues, 3);
    expect(shifted[0]).toMatchObject({ start: 3, end: 7 });
    expect(shifted[0]!.words![0]!.start).toBeCloseTo(3.2);
  });

  it("word by word: one event per piece, contiguous, each word lit for its spoken time, silence unlit", () => {
    const cues = captionCues([{ text: "Sun on the water", start: 1, end: 3 }, { text: "Again", start: 5, end: 6 }], 10, "tiktok", 1080, 1920);
    const events = dialogues(buildAss({ format: "tiktok", width: 1080, height: 1920, style: "word", cues }));
    events.slice(1).forEach((e, i) => expect(e.start).toBe(events[i]!.end));
    expect(events[0]!.start).toBe(1);
    expect(events.at(-1)!.end).toBe(6);
    for (const cue of cues)
      for (const word of cue.words!) {
        const lit = events.filter((e) => e.text.includes(`}${word.text}{\\r}`));
        expect(lit.length).toBeGreaterThan(0);
        expect(lit[0]!.start).toBeCloseTo(word.start, 1);
        expect(lit.at(-1)!.end).toBeCloseTo(word.end, 1);
      }
    // Between the sentences (3 s to 5 s) the line stays, with no word lit.
    expect(events.find((e) => e.start === 3)!.text).toBe("Sun on the water");
    // The lit colour is the camp's accent when cards are given and it is light enough.
    const accented = buildAss({ format: "tiktok", width: 1080, height: 1920, style: "word", cues, cards: { content: { ...CARDS, accent: "#66ff99" }, title: { start: 0, end: 0 }, end: { start: 0, end: 0 } } });
    expect(accented).toContain("{\\1c&H99FF66&}Sun{\\r}");
    expect(dialogues(buildAss({ format: "tiktok", width: 1080, height: 1920, style: "lines", cues }))).toHaveLength(2);
  });

  it("escapes campers' text so it cannot form override tags or line breaks", () => {
    const escaped = escapeAssText("a {\\b1} \\N c\nd");
    expect(escaped).not.toMatch(/(^|[^\\])[{}]/);
    expect(escaped).not.toMatch(/\\N|\\b1/);
    expect(escaped.replace(/\u2060/g, "").replace(/\\([{}])/g, "$1")).toBe("a {\\b1} \\N c d");
    const ass = buildAss({ format: "youtube", width: 1920, height: 1080, style: "lines", cues: [{ start: 0, end: 1, text: "x {\\pos(0,0)} y" }], cards: { content: { ...CARDS, title: "{\\fs1}Big" }, title: { start: 1, end: 2 }, end: { start: 2, end: 3 } } });
    expect(ass).not.toContain("{\\pos(0,0)}");
    expect(ass).not.toContain("{\\fs1}");
  });

  it("places WebVTT cues inside the safe area, and parseWebVtt still reads them", () => {
    const cues: TimedCue[] = [{ start: 0, end: 1.5, text: "Hello <camp>" }];
    const tall = toPlacedWebVtt(cues, "tiktok");
    expect(tall).toContain("00:00:00.000 --> 00:00:01.500 line:71%,end position:45% size:78% align:center");
    expect(toPlacedWebVtt(cues, "youtube")).toContain("line:90%,end position:50% size:90% align:center");
    expect(parseWebVtt(tall)).toEqual([{ start: 0, end: 1.5, text: "Hello <camp>" }]);
  });
});

/**
 * Frame grabs (the point): the ASS burned by ffmpeg's ass filter (libass) with the app's DejaVu Sans, as
 * the worker does, on a grey picture; white pixels are caption text, found row by row.
 */
describe("captions and cards burned into a frame", () => {
  const tools = resolveVideoTools({});
  const fontsDir = path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ass-frame-"));
    await writeFile(path.join(dir, "fonts.conf"), `<?xml version="1.0"?><fontconfig><dir>${fontsDir}</dir><cachedir>${dir}/fc-cache</cachedir></fontconfig>`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function grab(ass: string, [w, h]: [number, number], at: number, pixFmt: "gray" | "rgb24"): Promise<Buffer> {
    await writeFile(path.join(dir, "c.ass"), ass);
    const { stdout } = await run(
      tools.ffmpeg,
      ["-loglevel", "error", "-f", "lavfi", "-i", `color=gray:s=${w}x${h}:d=10`, "-ss", String(at), "-vf", `ass=c.ass:fontsdir=${fontsDir}`, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", pixFmt, "-"],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, cwd: dir, env: { ...process.env, FONTCONFIG_FILE: path.join(dir, "fonts.conf") } },
    );
    return stdout as unknown as Buffer;
  }

  /** Bands of consecutive rows holding white pixels (lines of text), and the rightmost white column. */
  function whiteText(gray: Buffer, w: number, h: number) {
    const rows: number[] = [];
    let right = -1;
    for (let y = 0; y < h; y++) {
      let any = false;
      for (let x = 0; x < w; x++)
        if (gray[y * w + x]! > 235) {
          any = true;
          right = Math.max(right, x);
        }
      if (any) rows.push(y);
    }
    const bands: [number, number][] = [];
    for (const y of rows) {
      const last = bands.at(-1);
      if (last && y === last[1] + 1) last[1] = y;
      else bands.push([y, y]);
    }
    return { bands, right };
  }

  it.each(Object.entries(SIZES))("%s: a long caption sits inside the safe area, in at most two lines of large enough text", async (format, size) => {
    const [w, h] = size;
    const key = format as VideoFormatKey;
    const safe = SAFE_AREAS[key];
    const cues = captionCues([{ text: LONG, start: 0, end: 8 }], 8, key, w, h);
    const { bands, right } = whiteText(await grab(buildAss({ format: key, width: w, height: h, style: "lines", cues }), size, 0.5, "gray"), w, h);
    expect(bands.length).toBeGreaterThan(0);
    expect(bands.length).toBeLessThanOrEqual(2);
    expect(bands.at(-1)![1]).toBeLessThan((1 - safe.bottom) * h);
    expect(right).toBeLessThan((1 - safe.right) * w);
    // Capital letters alone (no ascenders or descenders) stand at least 4.5 % of the height.
    const caps = whiteText(await grab(buildAss({ format: key, width: w, height: h, style: "lines", cues: [{ start: 0, end: 5, text: "HELLO CAMP" }] }), size, 0.5, "gray"), w, h);
    expect(caps.bands).toHaveLength(1);
    expect(caps.bands[0]![1] - caps.bands[0]![0] + 1).toBeGreaterThanOrEqual(VIDEO_STYLE.captionHeightShare * h);
  });

  it("word by word: the lit word moves right as the words are spoken", async () => {
    const size = SIZES.tiktok;
    const cues = captionCues([{ text: "Sun in sky", start: 0, end: 3 }], 5, "tiktok", ...size);
    const ass = buildAss({ format: "tiktok", width: size[0], height: size[1], style: "word", cues });
    const litX = async (at: number) => {
      const rgb = await grab(ass, size, at, "rgb24");
      let sum = 0;
      let n = 0;
      for (let i = 0; i < rgb.length; i += 3)
        if (rgb[i]! > 220 && rgb[i + 1]! > 170 && rgb[i + 1]! < 230 && rgb[i + 2]! < 140) {
          sum += (i / 3) % size[0];
          n++;
        }
      return { n, x: sum / n };
    };
    const first = await litX(cues[0]!.words![0]!.start + 0.1);
    const last = await litX(cues[0]!.words![2]!.start + 0.1);
    expect(first.n).toBeGreaterThan(500);
    expect(last.n).toBeGreaterThan(500);
    expect(last.x).toBeGreaterThan(first.x + 100);
  });

  it("tiktok: the title card's text and banner stay inside the safe area", async () => {
    const size = SIZES.tiktok;
    const safe = SAFE_AREAS.tiktok;
    const ass = buildAss({ format: "tiktok", width: size[0], height: size[1], style: "lines", cues: [], cards: { content: CARDS, title: { start: 0, end: 3 }, end: { start: 3, end: 6 } } });
    for (const at of [1.5, 4.5]) {
      const rgb = await grab(ass, size, at, "rgb24");
      let [top, bottom, left, right] = [size[1], -1, size[0], -1];
      for (let i = 0; i < rgb.length; i += 3) {
        // Anything not the grey background is card ink (white text, accent band or name).
        if (Math.abs(rgb[i]! - 128) + Math.abs(rgb[i + 1]! - 128) + Math.abs(rgb[i + 2]! - 128) < 30) continue;
        const x = (i / 3) % size[0];
        const y = Math.floor(i / 3 / size[0]);
        [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
      }
      expect(bottom).toBeGreaterThan(0);
      expect(top).toBeGreaterThanOrEqual(safe.top * size[1]);
      expect(bottom).toBeLessThan((1 - safe.bottom) * size[1]);
      expect(left).toBeGreaterThanOrEqual(safe.left * size[0]);
      expect(right).toBeLessThan((1 - safe.right) * size[0]);
    }
  });
});
