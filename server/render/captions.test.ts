import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveVideoTools } from "../media/video-tools.ts";
import { TRICKY_CAPTIONS } from "../../testing/captions.ts";
import { buildAss } from "./ass-captions.ts";
import { escapeWebVttText, toWebVtt } from "./captions.ts";
import { filterValue } from "./render-plan.ts";

const run = promisify(execFile);

describe("caption escaping", () => {
  it("WebVTT: markup characters become character references, so every word stays in the cue", () => {
    expect(escapeWebVttText("I <3 camp & friends")).toBe("I &lt;3 camp &amp; friends");
    expect(escapeWebVttText("We yelled --> go")).toBe("We yelled --&gt; go");
    const vtt = toWebVtt([{ start: 0, end: 1.5, text: "We yelled --> go" }]);
    // The only "-->" left is the timing line's.
    expect(vtt.match(/-->/g)).toHaveLength(1);
  });
});

/**
 * Frame grabs: each tricky caption is burned in as a render does (buildAss's .ass through ffmpeg's
 * subtitles filter, libass) and also drawn by the drawtext filter, which draws text literally. A caption that lost words or turned
 * into markup draws much less than its literal twin; ink is compared relative to plain text, so the two
 * renderers' different sizes cancel out.
 */
describe("burned-in captions in a frame grab", () => {
  const tools = resolveVideoTools({});
  const fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "captions-frame-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function ink(filter: string): Promise<number> {
    const { stdout } = await run(
      tools.ffmpeg,
      ["-loglevel", "error", "-f", "lavfi", "-i", "color=black:s=960x240:d=1", "-vf", filter, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
      { encoding: "buffer", maxBuffer: 16 * 1024 * 1024, cwd: dir },
    );
    let lit = 0;
    for (const value of stdout as Buffer) if (value > 128) lit++;
    return lit;
  }

  /** The .ass a 16:9 render would burn for one caption, drawn on a 960x240 strip. */
  const assOf = (text: string) => buildAss({ format: "youtube", width: 960, height: 240, style: "lines", cues: [{ start: 0, end: 5, text }] });

  async function burned(text: string): Promise<number> {
    await writeFile(path.join(dir, "cue.ass"), assOf(text));
    return ink(`subtitles=filename=cue.ass:fontsdir=${filterValue(path.dirname(fontFile))}`);
  }

  async function literal(text: string): Promise<number> {
    await writeFile(path.join(dir, "cue.txt"), text);
    return ink(`drawtext=fontfile=${fontFile}:textfile=cue.txt:fontsize=40:fontcolor=white:x=10:y=100`);
  }

  it("reads its captions file and fonts from folders whose names are filter syntax", async () => {
    const odd = path.join(dir, "it's: a, [folder]; really");
    await mkdir(odd, { recursive: true });
    await copyFile(fontFile, path.join(odd, "Sans.ttf"));
    await writeFile(path.join(odd, "cue.ass"), assOf("Plain words for the scale"));
    const inOdd = await ink(`subtitles=filename=${filterValue(path.join(odd, "cue.ass"))}:fontsdir=${filterValue(odd)}`);
    expect(inOdd / (await burned("Plain words for the scale"))).toBeCloseTo(1, 1);
  });

  // Emoji and right-to-left text draw differently in the two renderers (font fallback, shaping), so
  // those are checked in Chromium's track parser; here the characters that are markup to libass.
  it.each(TRICKY_CAPTIONS.slice(0, 5))("shows %j whole", async (text) => {
    const plain = "Plain words for the scale";
    const scale = (await burned(plain)) / (await literal(plain));
    const ratio = (await burned(text)) / (await literal(text)) / scale;
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.15);
  });
});
