import { describe, expect, it } from "vitest";
import { REEL_TITLE_SECONDS } from "../../contracts/reels.ts";
import { toWebVtt } from "./captions.ts";
import { parseWebVtt, shiftCues } from "./reel-captions.ts";
import { buildReelPlan, reelDuration, reelPartSpan } from "./reel-plan.ts";

describe("a reel's parts", () => {
  it("play from the chosen start for the chosen seconds, never past the video's end nor the length per camper, in whole frames", () => {
    expect(reelPartSpan(10, {}, null)).toEqual({ startSeconds: 0, seconds: 10 });
    expect(reelPartSpan(10, { startSeconds: 2, seconds: 3 }, null)).toEqual({ startSeconds: 2, seconds: 3 });
    expect(reelPartSpan(10, { startSeconds: 8, seconds: 5 }, null)).toEqual({ startSeconds: 8, seconds: 2 });
    expect(reelPartSpan(10, { startSeconds: 1 }, 4)).toEqual({ startSeconds: 1, seconds: 4 });
    expect(reelPartSpan(2.51, {}, null).seconds).toBeCloseTo(75 / 30, 9);
    expect(reelPartSpan(10, { startSeconds: 12 }, null).seconds).toBe(0);
    expect(reelDuration([{ seconds: 2 }, { seconds: 3.5 }])).toBe(REEL_TITLE_SECONDS + 5.5);
  });

  it("reach ffmpeg as files only: a camper's name or a title never appears in the command", () => {
    const plan = buildReelPlan({
      format: "youtube",
      parts: [{ path: "/media/a.mp4", hasAudio: true, startSeconds: 1, seconds: 2, nameFile: "name-0.txt" }],
      titleLines: [{ file: "title-0.txt", characters: 12 }],
      fontFile: "/fonts/DejaVuSans-Bold.ttf",
      output: "/out/reel.mp4",
    });
    const graph = plan.args[plan.args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("textfile=name-0.txt:expansion=none");
    expect(graph).toContain("concat=n=2:v=1:a=1");
    expect(graph).toContain("loudnorm=I=-16");
    expect(plan.durationSeconds).toBe(REEL_TITLE_SECONDS + 2);
  });
});

describe("a reel's captions", () => {
  it("are each part's cues, cut to the part and moved to where it plays in the reel", () => {
    const vtt = toWebVtt([
      { start: 0, end: 1.5, text: "We swam <fast> & far." },
      { start: 1.5, end: 3, text: "Then lunch." },
      { start: 3, end: 4, text: "Then sleep." },
    ]);
    const cues = parseWebVtt(vtt);
    expect(cues[0]).toEqual({ start: 0, end: 1.5, text: "We swam <fast> & far." });
    expect(shiftCues(cues, { startSeconds: 1, seconds: 2, offsetSeconds: 10 })).toEqual([
      { start: 10, end: 10.5, text: "We swam <fast> & far." },
      { start: 10.5, end: 12, text: "Then lunch." },
    ]);
  });
});
