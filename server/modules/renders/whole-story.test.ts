import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { targetWordCount } from "../../../contracts/product.ts";
import type { RenderJob, StoryLength } from "../../../contracts/renders.ts";
import type { VoiceOver } from "../../../contracts/voice.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { renderFinalVideo, renderOutputPath } from "../../../testing/renders.ts";
import { uploadClip } from "../../../testing/uploads.ts";
import { parseVtt, sentenceTimings, speechStarts } from "../../../testing/voice-timing.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

let app: App;
let work: string;
beforeAll(async () => {
  // The default voices: Flite's, read one sentence at a time.
  app = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), "whole-story-"));
});
afterAll(async () => {
  await app.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const answers = [
  "Summer Stories is a camp where we plan, film and edit our own videos with friends.",
  "Our stop-motion short about a lost sock, because we built every set ourselves.",
  "Filming at the lake at sunrise taught me patience.",
];

const get = (camper: SignedInClient, url: string) => app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });

/** A show with two 5 s clips and the built-in writer's script for the 60 s length (a ~100-word voice). */
async function longVoiceShow(camper: SignedInClient) {
  const written = await app.inject({
    method: "POST",
    url: "/api/ai/generate-reflection",
    headers: { cookie: camper.cookie },
    payload: { responses: answers, duration: 60, targetWordCount: targetWordCount(60) },
  });
  const narration = written.json().content as string;
  const show = await createShow(app, camper.cookie, { narration, videoFormat: "youtube" });
  const clip = await webmFixture(5);
  const a = await uploadClip(app, camper, clip, "A");
  const b = await uploadClip(app, camper, clip, "B");
  await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [a.id, b.id] } });
  return { show, narration, clips: [a, b] };
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Number(stdout.trim());
}

describe("the final video is the whole story", () => {
  it("with a voice longer than the clips: the length check says so, the video lasts the whole voice, captions start with each spoken sentence", async () => {
    const camper = await registerCamper(app);
    const { show, narration } = await longVoiceShow(camper);

    const before = (await get(camper, `/api/recordings/${show.id}/length`)).json() as StoryLength;
    expect(before).toMatchObject({ clipCount: 2, voiceMeasured: false, voiceLongerThanClips: true });
    expect(before.clipsSeconds).toBeCloseTo(10, 0);
    expect(before.voiceSeconds!).toBeGreaterThan(25);

    const done = await renderFinalVideo(app, camper, show.id, { audio: "voice", captions: true });
    const voiceOver = (await get(camper, `/api/recordings/${show.id}/voice-over`)).json() as VoiceOver;
    const voiceFile = path.join(work, "voice.wav");
    await writeFile(voiceFile, (await get(camper, voiceOver.mediaUrl)).rawPayload);
    const voiceSeconds = await durationOf(voiceFile);

    const after = (await get(camper, `/api/recordings/${show.id}/length`)).json() as StoryLength;
    expect(after.voiceMeasured).toBe(true);
    expect(after.voiceSeconds).toBeCloseTo(voiceSeconds, 1);

    // The show's title and end cards (on by default) come before and after the whole voice.
    const { titleCardSeconds, endCardSeconds } = VIDEO_STYLE;
    const video = await durationOf(await renderOutputPath(done.id));
    expect(video).toBeGreaterThanOrEqual(titleCardSeconds + voiceSeconds + endCardSeconds);
    expect(done.durationSeconds!).toBeGreaterThanOrEqual(titleCardSeconds + voiceSeconds + endCardSeconds - 0.001);

    // Each sentence's caption starts within 0.5 s of the moment the voice starts that sentence (the
    // voice starts with the story, after the title card).
    const starts = (await speechStarts(tools, voiceFile)).map((t) => t + titleCardSeconds);
    const cues = parseVtt((await get(camper, done.captionsUrl!)).body);
    const timings = sentenceTimings(narration, cues, starts);
    expect(starts).toHaveLength(timings.length);
    for (const { sentence, cue, voice } of timings) {
      expect(cue, sentence).toBeDefined();
      expect(Math.abs(cue! - voice!), `"${sentence}" cue at ${cue}, voice at ${voice}`).toBeLessThanOrEqual(0.5);
    }
    expect(cues.at(-1)!.end).toBeGreaterThan(starts.at(-1)!);
  }, 900_000);

  it("fits the script to the clips with the same writer: a shorter script of the camper's words within the count that fits", async () => {
    const camper = await registerCamper(app);
    const { show, narration } = await longVoiceShow(camper);
    const length = (await get(camper, `/api/recordings/${show.id}/length`)).json() as StoryLength;
    const res = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/fit-script`, headers: { cookie: camper.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const { content, targetWordCount: target } = res.json() as { content: string; targetWordCount: number };
    expect(target).toBe(length.wordsThatFit);
    const words = content.split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThan(0);
    expect(words.length).toBeLessThanOrEqual(target);
    const original = new Set(narration.toLowerCase().match(/[\p{L}\p{N}'-]+/gu));
    for (const word of content.toLowerCase().match(/[\p{L}\p{N}'-]+/gu)!) expect(original.has(word), word).toBe(true);

    // Kept, it fits; asked again, the writer says there is nothing to do.
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { narration: content } });
    const fitted = (await get(camper, `/api/recordings/${show.id}/length`)).json() as StoryLength;
    expect(fitted.voiceLongerThanClips).toBe(false);
    const again = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/fit-script`, headers: { cookie: camper.cookie } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/already fits/);
  }, 300_000);

  it("uses the trims in the length check and in the render", async () => {
    const camper = await registerCamper(app);
    const { show, clips } = await longVoiceShow(camper);
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/clips/${clips[1]!.id}`,
      headers: { cookie: camper.cookie },
      payload: { trimStartSeconds: 1, trimEndSeconds: 3 },
    });
    expect((patch.json() as Clip).usedSeconds).toBe(2);
    const length = (await get(camper, `/api/recordings/${show.id}/length`)).json() as StoryLength;
    expect(length.clipsSeconds).toBeCloseTo(clips[0]!.durationSeconds + 2, 1);

    const done = await renderFinalVideo(app, camper, show.id, { audio: "original" });
    // The clips between the title and end cards (on by default).
    const cards = VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds;
    const video = await durationOf(await renderOutputPath(done.id));
    expect(Math.abs(video - (length.clipsSeconds + cards))).toBeLessThan(0.2);

    // A new trim is a new video, not the old one reused.
    await app.inject({ method: "PATCH", url: `/api/clips/${clips[1]!.id}`, headers: { cookie: camper.cookie }, payload: { trimEndSeconds: 4 } });
    const again = await renderFinalVideo(app, camper, show.id, { audio: "original" });
    expect(again.id).not.toBe(done.id);
    expect(Math.abs((await durationOf(await renderOutputPath(again.id))) - (length.clipsSeconds + 1 + cards))).toBeLessThan(0.2);
  }, 600_000);

  it("keeps captions off by default with the clips' own sound", async () => {
    const camper = await registerCamper(app);
    const { show } = await longVoiceShow(camper);
    const started = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: { audio: "original" } });
    expect((started.json() as RenderJob).options.captions).toBe(false);
  });
});
