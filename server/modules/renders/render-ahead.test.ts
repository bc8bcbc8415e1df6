import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderJob } from "../../../contracts/renders.ts";
import { schema } from "../../../db/client.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { appWithFakeOpenAi } from "../../../testing/fake-openai-app.ts";
import { audioFixture, webmFixture } from "../../../testing/media-fixtures.ts";
import { renderOutputPath } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip } from "../../../testing/uploads.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

// Two apps on one database and one media folder: one renders ahead, the other renders as before (one
// picture pass), so a prepared or part-made video can be checked against a fresh one of the same show.
let app: App;
let plain: App;
let clipBytes: Buffer;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak", RENDER_PREPARE_DEBOUNCE_MS: "0" });
  plain = await createTestApp({ VOICE_PROVIDER: "mespeak", RENDER_AHEAD: "off" });
  clipBytes = await webmFixture(2);
});
afterAll(async () => {
  await app.close();
  await plain.close();
});

const NARRATION = "We paddled across the lake at dawn. Maya brought her sketchbook and drew the herons. Then we all swam back to camp.";

/** A show of three 2-second clips, the show's choices set by PATCH (as the editor autosaves them). */
async function settledShow(camper: SignedInClient, changes: object) {
  const show = await createShow(app, camper.cookie, { narration: NARRATION });
  const ids = [];
  for (const name of ["A", "B", "C"]) ids.push((await uploadClip(app, camper, clipBytes, name)).id);
  await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: ids } });
  const res = await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: changes });
  expect(res.statusCode).toBe(200);
  return show;
}

async function startRender(target: App, camper: SignedInClient, showId: number) {
  const res = await target.inject({ method: "POST", url: `/api/recordings/${showId}/renders`, headers: { cookie: camper.cookie }, payload: {} });
  return { status: res.statusCode, job: res.json() as RenderJob };
}

async function finished(target: App, camper: SignedInClient, id: number): Promise<RenderJob> {
  while ((await target.renderWorker.runNext()) !== undefined) {
    // every queued render, to the end
  }
  return (await target.inject({ method: "GET", url: `/api/renders/${id}`, headers: { cookie: camper.cookie } })).json();
}

/** A fresh render of the show by the plain app, its earlier renders forgotten (so nothing is reused). */
async function freshRender(camper: SignedInClient, showId: number): Promise<string> {
  const { db } = await testDatabase();
  await db.update(schema.renderJobs).set({ fingerprint: sql`'forgotten-' || id` }).where(eq(schema.renderJobs.showId, showId));
  const { job } = await startRender(plain, camper, showId);
  const done = await finished(plain, camper, job.id);
  expect(done.status).toBe("done");
  return await renderOutputPath(done.id);
}

async function probe(file: string) {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-count_frames", "-show_entries", "format=duration:stream=codec_type,nb_read_frames,width,height", "-of", "json", file]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; nb_read_frames: string; width?: number; height?: number }[] };
  const video = parsed.streams.find((s) => s.codec_type === "video")!;
  return { duration: Number(parsed.format.duration), frames: Number(video.nb_read_frames), width: video.width, audio: parsed.streams.some((s) => s.codec_type === "audio") };
}

/** Integrated loudness (LUFS) of a file's sound. */
async function loudness(file: string): Promise<number> {
  const { stderr } = await run(tools.ffmpeg, ["-hide_banner", "-nostats", "-i", file, "-map", "0:a", "-af", "ebur128", "-f", "null", "-"]);
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf("Summary:")))![1]);
}

/** How alike two videos' pictures are, frame by frame (PSNR, dB; two encodings of the same frames score well over 30). */
async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run(tools.ffmpeg, ["-hide_banner", "-nostats", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr", "-f", "null", "-"]);
  const average = /average:(\S+)/.exec(stderr)![1]!;
  return average === "inf" ? Infinity : Number(average);
}

/** One frame's caption area (the lower part of a 9:16 picture), as gray pixels. */
async function grab(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(tools.ffmpeg, ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1", "-vf", "crop=1080:640:0:1000,scale=270:160,format=gray", "-f", "rawvideo", "-"], { encoding: "buffer", maxBuffer: 1 << 24 });
  return stdout;
}

const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

async function expectSameVideo(made: string, fresh: string) {
  const [x, y] = [await probe(made), await probe(fresh)];
  expect(x.frames).toBe(y.frames);
  expect(Math.abs(x.duration - y.duration)).toBeLessThan(0.03);
  expect(x.width).toBe(y.width);
  expect(x.audio && y.audio).toBe(true);
  expect(Math.abs((await loudness(made)) - (await loudness(fresh)))).toBeLessThan(0.3);
  expect(await psnr(made, fresh)).toBeGreaterThan(32);
  // A frame with a caption burned in: the same words in the same place.
  const at = x.duration / 2;
  expect(meanDifference(await grab(made, at), await grab(fresh, at))).toBeLessThan(4);
}

describe("render ahead", () => {
  it("prepares a settled show in the background; Render then answers the finished video at once, the same video a fresh render gives", async () => {
    const camper = await registerCamper(app);
    const show = await settledShow(camper, { audioSource: "voice", captions: true, titleCard: true });
    expect(await app.renderWorker.runPreparesUntilIdle()).toBeGreaterThanOrEqual(1);

    const { status, job } = await startRender(app, camper, show.id);
    expect(status).toBe(200);
    expect(job.status).toBe("done");
    const media = await app.inject({ method: "GET", url: job.mediaUrl!, headers: { cookie: camper.cookie, range: "bytes=0-65535" } });
    expect(media.statusCode).toBe(206);
    expect(job.captionsUrl).not.toBeNull();
    const list = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie } })).json() as (RenderJob & { current: boolean })[];
    expect(list.map((r) => [r.id, r.current])).toEqual([[job.id, true]]);

    await expectSameVideo(await renderOutputPath(job.id), await freshRender(camper, show.id));

    // The show's parts and prepared files go with it.
    const { db } = await testDatabase();
    const parts = await db.select().from(schema.renderParts).where(eq(schema.renderParts.showId, show.id));
    expect(parts.length).toBeGreaterThan(3);
    expect((await app.inject({ method: "DELETE", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } })).statusCode).toBe(204);
    for (const part of parts) expect(existsSync(`${TEST_DATA_DIR}/media/${part.storageKey}`)).toBe(false);
  }, 480_000);

  it("after one caption changes, remakes only the parts that show it (not the sound), and the video equals a fresh render", async () => {
    const camper = await registerCamper(app);
    const show = await settledShow(camper, { audioSource: "original", captions: true, titleCard: true });
    const first = await startRender(app, camper, show.id);
    expect((await finished(app, camper, first.job.id)).status).toBe("done");
    const cold = app.renderWorker.lastParts!;
    expect(cold.videoPartsMade).toBe(cold.videoParts);

    const edited = NARRATION.replace("Maya", "Mara");
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { narration: edited } });
    const second = await startRender(app, camper, show.id);
    expect(second.status).toBe(202);
    const done = await finished(app, camper, second.job.id);
    expect(done.status).toBe("done");
    const warm = app.renderWorker.lastParts!;
    expect(warm.videoParts).toBe(cold.videoParts);
    expect(warm.videoPartsMade).toBeGreaterThanOrEqual(1);
    expect(warm.videoPartsMade).toBeLessThan(cold.videoParts);
    expect(warm.audioMade).toBe(false);

    await expectSameVideo(await renderOutputPath(done.id), await freshRender(camper, show.id));
  }, 480_000);

  it("never takes a preparation while a render waits, and a render of the show drops its ticket's turn to the render", async () => {
    const camper = await registerCamper(app);
    const waiting = await createShow(app, camper.cookie, { narration: NARRATION });
    await app.inject({ method: "PUT", url: `/api/recordings/${waiting.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [(await uploadClip(app, camper, clipBytes, "W")).id] } });
    const show = await settledShow(camper, { audioSource: "original", captions: false, titleCard: false });
    const { db } = await testDatabase();
    const tickets = await db.select().from(schema.renderPrepares).where(eq(schema.renderPrepares.userId, camper.userId));
    expect(tickets.map((t) => t.showId).sort()).toEqual([waiting.id, show.id].sort());

    const queued = await startRender(app, camper, waiting.id);
    expect(queued.job.status).toBe("queued");
    expect(await app.renderWorker.runNextPrepare()).toBeUndefined();
    expect((await finished(app, camper, queued.job.id)).status).toBe("done");
    // The render is done: now the other show is prepared (and the rendered one skipped, its video made).
    expect(await app.renderWorker.runPreparesUntilIdle()).toBe(2);
    expect(await db.select().from(schema.renderPrepares).where(eq(schema.renderPrepares.userId, camper.userId))).toEqual([]);
    const [ready] = await db.select().from(schema.renderPrepared).where(eq(schema.renderPrepared.showId, show.id));
    expect(ready?.outputKey).toMatch(new RegExp(`^users/${camper.userId}/renders/prepared-${show.id}-`));
    expect(await db.select().from(schema.renderPrepared).where(eq(schema.renderPrepared.showId, waiting.id))).toEqual([]);
  }, 120_000);

  describe("with a voice that sends the script to another server", () => {
    const remote = appWithFakeOpenAi((baseURL) => ({ VOICE_BASE_URL: baseURL, RENDER_PREPARE_DEBOUNCE_MS: "0", AI_MAX_RETRIES: "0" }));
    beforeAll(async () => remote.fake.setSpeechAudio(await audioFixture(3, "mp3")));

    it("prepares nothing ahead: the script leaves only when the camper presses Render", async () => {
      const camper = await registerCamper(remote.app);
      const show = await createShow(remote.app, camper.cookie, { narration: NARRATION });
      const clip = await uploadClip(remote.app, camper, clipBytes, "A");
      await remote.app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
      const patched = await remote.app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { audioSource: "voice" } });
      expect(patched.statusCode).toBe(200);
      remote.fake.speechRequests.length = 0;

      await remote.app.renderWorker.runPreparesUntilIdle();
      expect(remote.fake.speechRequests).toEqual([]);
      const { db } = await testDatabase();
      expect(await db.select().from(schema.renderPrepared).where(eq(schema.renderPrepared.showId, show.id))).toEqual([]);
      expect(await db.select().from(schema.renderPrepares).where(eq(schema.renderPrepares.showId, show.id))).toEqual([]);

      const { status, job } = await startRender(remote.app, camper, show.id);
      expect(status).toBe(202);
      expect((await finished(remote.app, camper, job.id)).status).toBe("done");
      expect(remote.fake.speechRequests).toHaveLength(1);
    }, 240_000);
  });
});
