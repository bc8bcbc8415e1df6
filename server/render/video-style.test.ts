import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_STYLE } from "../../contracts/video-style.ts";
import { resolveVideoTools } from "../media/video-tools.ts";
import { buildRenderPlan, renderTimeline, type RenderPlanInput } from "./render-plan.ts";
import { runRenderPasses } from "./render-passes.ts";
import { cardColour } from "./render-sections.ts";
import { TEST_X264_PRESET } from "../../testing/render-speed.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "video-style-"));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const ffmpeg = async (args: string[]) => (await run(tools.ffmpeg, ["-hide_banner", "-nostdin", "-y", ...args], { cwd: work, maxBuffer: 64 * 1024 * 1024, encoding: "buffer" })) as unknown as { stdout: Buffer; stderr: Buffer };
const file = (name: string) => path.join(work, name);

/** Renders a plan the way the worker does (its three passes), in the test's folder. */
async function render(input: Omit<RenderPlanInput, "output">, name: string) {
  const plan = buildRenderPlan({ x264Preset: TEST_X264_PRESET, ...input, output: file(name) });
  await runRenderPasses(plan, work, async (args) => (await ffmpeg(args)).stderr.toString());
  return plan;
}

/** ebur128 over the whole MP4's sound: integrated loudness (LUFS) and true peak (dBTP). */
async function loudness(name: string) {
  const { stderr } = await ffmpeg(["-nostats", "-i", file(name), "-map", "0:a", "-af", "ebur128=peak=true", "-f", "null", "-"]);
  const summary = stderr.toString().split("Summary:").at(-1)!;
  return { I: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), TP: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]) };
}

/** RMS level (dB) of the MP4's sound from `start` to `end` seconds, through a narrow band-pass at `hz` (twice, for a steep skirt). */
async function bandLevel(name: string, start: number, end: number, hz: number) {
  const band = `bandpass=f=${hz}:t=q:w=6`;
  const { stderr } = await ffmpeg(["-nostats", "-i", file(name), "-af", `atrim=start=${start}:end=${end},${band},${band},astats`, "-f", "null", "-"]);
  const level = /RMS level dB:\s+(-?[\d.]+|-inf)/.exec(stderr.toString());
  if (!level) throw new Error(`no level measured: ${stderr.toString().slice(-600)}`);
  return level[1] === "-inf" ? -Infinity : Number(level[1]);
}

async function durationOf(name: string) {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file(name)]);
  return Number(stdout.trim());
}

/** The picture's colour (r, g, b) around a point at `seconds`. */
async function pixel(name: string, seconds: number, x: number, y: number) {
  const { stdout } = await ffmpeg(["-v", "error", "-ss", String(seconds), "-i", file(name), "-frames:v", "1", "-vf", `crop=8:8:${x}:${y},scale=1:1`, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
  return [...stdout.subarray(0, 3)];
}

async function frameMd5(name: string, seconds: number) {
  const { stdout } = await ffmpeg(["-v", "error", "-ss", String(seconds), "-i", file(name), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"]);
  return createHash("md5").update(stdout).digest("hex");
}

describe("the finished video's sound", () => {
  it("voice over clips with music: -14 LUFS, true peak under -1 dBTP, the music ducked 10 dB under speech and back between sentences", async () => {
    // The "voice": a 1 kHz tone spoken 2 s, silent 1.5 s (sentences and the pauses between them),
    // quiet as a phone's voice; the music two low tones (220 and 330 Hz), a 7 s loop.
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=10", "-c:v", "libx264", "-preset", "ultrafast", "silent.mp4"]);
    await ffmpeg(["-f", "lavfi", "-i", "sine=f=1000:d=9.5", "-af", "volume='if(lt(mod(t,3.5),2),0.1,0)':eval=frame", "voice.wav"]);
    await ffmpeg(["-f", "lavfi", "-i", "sine=f=220:d=7", "-f", "lavfi", "-i", "sine=f=330:d=7", "-filter_complex", "amix=inputs=2", "music.wav"]);

    const plan = await render(
      {
        format: "youtube",
        fit: "crop",
        clips: [{ kind: "video", path: file("silent.mp4"), durationSeconds: 10, hasAudio: false }],
        voicePath: file("voice.wav"),
        voiceSeconds: 9.5,
        music: { path: file("music.wav"), level: "loud" },
        transitions: false,
      },
      "ducked.mp4",
    );
    expect(plan.durationSeconds).toBe(10);

    const { I, TP } = await loudness("ducked.mp4");
    expect(Math.abs(I - VIDEO_STYLE.loudnessLufs)).toBeLessThanOrEqual(VIDEO_STYLE.loudnessToleranceLu);
    expect(TP).toBeLessThanOrEqual(VIDEO_STYLE.truePeakDbtp);

    // The second sentence (3.5-5.5 s) once the ducking has settled, and the pause after it (5.5-7 s) once the music is back.
    const speech = await bandLevel("ducked.mp4", 4, 5.3, 1000);
    const musicUnderSpeech = await bandLevel("ducked.mp4", 4, 5.3, 220);
    const musicBetween = await bandLevel("ducked.mp4", 6.4, 6.95, 220);
    expect(speech - musicUnderSpeech).toBeGreaterThanOrEqual(VIDEO_STYLE.speechOverMusicDb);
    // Between sentences the music comes back up well above its level under speech, yet stays under the voice.
    expect(musicBetween - musicUnderSpeech).toBeGreaterThanOrEqual(6);
    expect(musicBetween).toBeLessThan(speech);
  }, 120_000);
});

describe("sections: title card, clip, photo, end card", () => {
  beforeAll(async () => {
    // A solid red clip with quiet sound (a phone far away), and a photo with detail to pan across.
    await ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=320x568:r=30:d=3", "-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "volume=0.03", "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "red.mp4"]);
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1200x900", "-frames:v", "1", "photo.jpg"]);
  });

  it("the title card lasts titleCardSeconds in the camp's colour, cross-fades into a clip, a photo moves, the end card closes, at -14 LUFS from quiet clip sound", async () => {
    const plan = await render(
      {
        format: "tiktok",
        fit: "crop",
        clips: [
          { kind: "video", path: file("red.mp4"), durationSeconds: 3, hasAudio: true },
          { kind: "photo", path: file("photo.jpg"), durationSeconds: 4, hasAudio: false },
        ],
        transitions: true,
        cards: { background: "#0000ff" },
      },
      "sections.mp4",
    );
    const { titleCardSeconds, endCardSeconds, crossfadeSeconds } = VIDEO_STYLE;
    expect(plan.timeline).toEqual({
      storyStartSeconds: titleCardSeconds,
      storySeconds: 7,
      durationSeconds: titleCardSeconds + 7 + endCardSeconds,
      titleCard: { start: 0, end: titleCardSeconds },
      endCard: { start: titleCardSeconds + 7, end: titleCardSeconds + 7 + endCardSeconds },
    });
    expect(await durationOf("sections.mp4")).toBeCloseTo(titleCardSeconds + 7 + endCardSeconds, 1);

    // The card's colour through its length, the clip after the fade; halfway through the fade, a blend.
    const isBlue = ([r, g, b]: number[]) => r! < 40 && g! < 40 && b! > 215;
    expect(isBlue(await pixel("sections.mp4", 1, 540, 960))).toBe(true);
    expect(isBlue(await pixel("sections.mp4", titleCardSeconds - 0.1, 540, 960))).toBe(true);
    const [r, , b] = await pixel("sections.mp4", titleCardSeconds + crossfadeSeconds / 2, 540, 960);
    expect(r).toBeGreaterThan(50);
    expect(r).toBeLessThan(205);
    expect(b).toBeGreaterThan(50);
    expect(b).toBeLessThan(205);
    const [r2, , b2] = await pixel("sections.mp4", titleCardSeconds + crossfadeSeconds + 0.3, 540, 960);
    expect(r2).toBeGreaterThan(215);
    expect(b2).toBeLessThan(40);

    // The photo (6-10 s) moves: a frame near its start and one near its end differ.
    expect(await frameMd5("sections.mp4", 6.7)).not.toBe(await frameMd5("sections.mp4", 9.6));
    // The end card in the same colour.
    expect(isBlue(await pixel("sections.mp4", 12, 540, 960))).toBe(true);

    const { I, TP } = await loudness("sections.mp4");
    expect(Math.abs(I - VIDEO_STYLE.loudnessLufs)).toBeLessThanOrEqual(VIDEO_STYLE.loudnessToleranceLu);
    expect(TP).toBeLessThanOrEqual(VIDEO_STYLE.truePeakDbtp);
  }, 180_000);

  it("without transitions the cut is hard: the frame just after the title card is the clip's", async () => {
    const plan = await render(
      { format: "youtube", fit: "fit", clips: [{ kind: "video", path: file("red.mp4"), durationSeconds: 3, hasAudio: true }], transitions: false, cards: { background: "#0000ff" } },
      "cut.mp4",
    );
    expect(plan.durationSeconds).toBe(VIDEO_STYLE.titleCardSeconds + 3 + VIDEO_STYLE.endCardSeconds);
    const [r, , b] = await pixel("cut.mp4", VIDEO_STYLE.titleCardSeconds + 0.1, 960, 540);
    expect(r).toBeGreaterThan(215);
    expect(b).toBeLessThan(40);
  }, 120_000);
});

describe("the timeline", () => {
  const clip = (seconds: number) => ({ kind: "video" as const, path: "/x.webm", durationSeconds: seconds, hasAudio: true });

  it("keeps a video with cards within the format's maximum: the clips give up the cards' seconds", () => {
    const t = renderTimeline({ format: "youtube_shorts", clips: [clip(62)], cards: { background: "#000000" } });
    expect(t).toMatchObject({ durationSeconds: 60, storySeconds: 60 - VIDEO_STYLE.titleCardSeconds - VIDEO_STYLE.endCardSeconds, storyStartSeconds: VIDEO_STYLE.titleCardSeconds });
  });

  it("never cuts the voice: the story is rounded up to a whole frame, the end card after it", () => {
    const t = renderTimeline({ format: "tiktok", clips: [clip(2)], voicePath: "/v.wav", voiceSeconds: 12.3456, cards: { background: "#000000" } });
    expect(t.storySeconds).toBeGreaterThanOrEqual(12.3456);
    expect(t.storySeconds - 12.3456).toBeLessThan(1 / 30);
    expect(t.endCard!.start).toBeCloseTo(VIDEO_STYLE.titleCardSeconds + t.storySeconds, 6);
    expect(renderTimeline({ format: "tiktok", clips: [clip(2)], voicePath: "/v.wav", voiceSeconds: 12.3456 })).toMatchObject({ storyStartSeconds: 0, titleCard: null, endCard: null });
  });

  it("gives ffmpeg a card colour only as a checked #rrggbb", () => {
    expect(cardColour("#A1b2C3")).toBe("0xa1b2c3");
    expect(cardColour("red:drawtext=text=hi")).toBe("0x12355b");
  });
});
