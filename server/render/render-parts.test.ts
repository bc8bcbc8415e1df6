import { describe, expect, it } from "vitest";
import { buildRenderPlan, type RenderPlanInput } from "./render-plan.ts";
import { assEvents, planRenderParts, PART_MAX_FRAMES, runsOf, sectionsOfRange } from "./render-parts.ts";

const salt = { ffmpegVersion: "ffmpeg version 5.1", x264Preset: "ultrafast" };
const clip = (name: string, seconds: number) => ({ kind: "video" as const, path: `/tmp/${name}-copy.webm`, contentId: `users/1/clips/${name}.webm`, durationSeconds: seconds, hasAudio: true });

function show(overrides: Partial<RenderPlanInput> = {}): RenderPlanInput {
  return { format: "tiktok", fit: "crop", clips: [clip("a", 7), clip("b", 3), clip("c", 12)], transitions: true, cards: { background: "#12355b" }, output: "out.mp4", ...overrides };
}

const ass = (lines: [number, number, string][]) =>
  ["[Script Info]", "PlayResX: 1080", "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", ...lines.map(([a, b, t]) => `Dialogue: 0,0:00:${a.toFixed(2).padStart(5, "0")},0:00:${b.toFixed(2).padStart(5, "0")},Caption,,0,0,0,,${t}`)].join("\n");

const parts = (input: RenderPlanInput, text?: string) => planRenderParts(buildRenderPlan(input), input, text, salt);

describe("render parts", () => {
  it("tile the whole video without gaps, cut at every section start and at most PART_MAX_FRAMES apart", () => {
    const plan = buildRenderPlan(show());
    const { video, totalFrames } = parts(show());
    expect(video[0]!.from).toBe(0);
    expect(video.at(-1)!.to).toBe(totalFrames);
    for (let i = 1; i < video.length; i++) expect(video[i]!.from).toBe(video[i - 1]!.to);
    for (const part of video) expect(part.to - part.from).toBeLessThanOrEqual(PART_MAX_FRAMES);
    for (const section of plan.sections) expect(video.some((p) => p.from === section.startFrame)).toBe(true);
  });

  it("draw a part inside a cross-fade from the section before it too", () => {
    const plan = buildRenderPlan(show());
    const third = plan.sections[2]!;
    expect(sectionsOfRange(plan.sections, third.startFrame, third.startFrame + 30, true)).toEqual({ first: 1, last: 2 });
    expect(sectionsOfRange(plan.sections, third.startFrame + 30, third.startFrame + 60, true)).toEqual({ first: 2, last: 2 });
    expect(sectionsOfRange(plan.sections, third.startFrame, third.startFrame + 30, false)).toEqual({ first: 2, last: 2 });
  });

  it("a caption's words change only the keys of the parts it shows on; the sound's key stays", () => {
    const before = parts(show(), ass([[4, 6, "Maya drew herons"], [15, 17, "We swam back"]]));
    const after = parts(show(), ass([[4, 6, "Mia drew herons"], [15, 17, "We swam back"]]));
    const changed = before.video.filter((p, i) => p.key !== after.video[i]!.key);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    for (const part of changed) expect(part.from < 6 * 30 && part.to > 4 * 30).toBe(true);
    expect(after.audioKey).toBe(before.audioKey);
  });

  it("a file's path is not part of a key (a copy from S3 has a new one each time); its content, fit, music and encoder are", () => {
    const base = parts(show());
    const moved = parts(show({ clips: show().clips.map((c) => ({ ...c, path: `/elsewhere/${c.contentId}` })) }));
    expect(moved).toEqual(base);
    const refit = parts(show({ fit: "fit" }));
    expect(refit.video.filter((p, i) => p.key === base.video[i]!.key).length).toBeGreaterThan(0); // the cards' parts
    expect(refit.video.filter((p, i) => p.key !== base.video[i]!.key).length).toBeGreaterThan(0);
    expect(parts(show({ music: { path: "/music/sunny-trail.ogg", level: "soft" } })).video).toEqual(base.video);
    expect(parts(show({ music: { path: "/music/sunny-trail.ogg", level: "soft" } })).audioKey).not.toBe(base.audioKey);
    const other = planRenderParts(buildRenderPlan(show()), show(), undefined, { ...salt, x264Preset: "veryfast" });
    expect(other.video.every((p, i) => p.key !== base.video[i]!.key)).toBe(true);
  });

  it("runs group adjacent missing parts", () => {
    const { video } = parts(show());
    const missing = new Set([video[1]!.key, video[2]!.key, video[4]!.key]);
    expect(runsOf(video, missing).map((run) => run.map((p) => p.from))).toEqual([[video[1]!.from, video[2]!.from], [video[4]!.from]]);
  });

  it("reads an .ass file's events with their times", () => {
    const { events, header } = assEvents(ass([[1.5, 62.25, "hello"]]).replace("0:00:62.25", "0:01:02.25"));
    expect(events.map((e) => [e.start, e.end])).toEqual([[1.5, 62.25]]);
    expect(header).toContain("[Events]");
  });
});
