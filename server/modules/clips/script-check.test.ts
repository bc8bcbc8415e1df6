import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { LONGEST_VIDEO_SECONDS } from "../../../contracts/product.ts";
import { SHOT_MESSAGES, type ShotList } from "../../../contracts/shots.ts";
import { schema } from "../../../db/client.ts";
import { OTHER_SCRIPT, READ_SCRIPT, speechStartsIn, spokenClip } from "../../../testing/speech-fixtures.ts";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR, testConfig, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip, uploadTake } from "../../../testing/uploads.ts";
import { buildApp, type App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { PocketsphinxAligner } from "../../speech/pocketsphinx-aligner.ts";
import { SCRIPT_CHECKS_PER_MINUTE } from "./script-check.service.ts";
import { appWithFakeOpenAi } from "../../../testing/fake-openai-app.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});
const LINES = READ_SCRIPT.join(" ");

let app: App;
let work: string;
/** Flite takes, made once: the shot's three sentences, and the same with the middle one left out. */
let fullTake: Buffer;
let skippingTake: Buffer;

beforeAll(async () => {
  // The default config: no transcription endpoint, Debian's pocketsphinx listens offline.
  app = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), "script-check-route-"));
  fullTake = await spokenClip(READ_SCRIPT);
  skippingTake = await spokenClip([READ_SCRIPT[0]!, READ_SCRIPT[2]!]);
});
afterAll(async () => {
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A take of a one-shot show, recorded as the recorder does it: the shot list laid out, then a tus upload with the shot's id. */
async function takeOfShot(target: App, camper: SignedInClient, bytes: Buffer, lines = LINES): Promise<Clip> {
  const show = await createShow(target, camper.cookie, { narration: lines });
  const url = `/api/recordings/${show.id}/shots`;
  let list = (await target.inject({ method: "GET", url, headers: { cookie: camper.cookie } })).json() as ShotList;
  // The tests' lines are one shot's worth; should the layout make more, they are merged into one.
  while (list.shots.length > 1) list = (await target.inject({ method: "POST", url: `${url}/${list.shots[0]!.id}/merge`, headers: { cookie: camper.cookie } })).json() as ShotList;
  expect(list.shots.map((s) => s.text)).toEqual([lines]);
  return uploadTake(target, camper, bytes, { shotId: list.shots[0]!.id, title: "Shot 1, take 1" });
}

const check = (target: App, camper: SignedInClient, clipId: number, payload?: object) =>
  target.inject({ method: "POST", url: `/api/clips/${clipId}/script-check`, headers: { cookie: camper.cookie }, ...(payload ? { payload } : {}) });

describe("POST /api/clips/:id/script-check, offline (Debian's pocketsphinx on flite takes)", () => {
  it("a take that says its lines: every sentence said, each sentence's first word within 0.5 s of its speech, and the check kept on the clip", async () => {
    const camper = await registerCamper(app);
    const clip = await takeOfShot(app, camper, fullTake);
    const res = await check(app, camper, clip.id);
    expect(res.statusCode, res.body).toBe(200);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked).toMatchObject({ status: "checked", source: "offline", lines: LINES, message: null });
    expect(checked.sentences.map((s) => s.text)).toEqual(READ_SCRIPT);
    expect(checked.sentences.map((s) => s.said)).toEqual([true, true, true]);
    expect(checked.wordMatch).toBeGreaterThanOrEqual(0.9);

    const file = path.join(work, "full.webm");
    await writeFile(file, fullTake);
    const speech = await speechStartsIn(file);
    checked.sentences.forEach((sentence, i) => {
      const first = sentence.words.find((w) => w.heard)!;
      expect(Math.abs(first.start! - speech[i]!), `"${sentence.text}": heard at ${first.start}, speech at ${speech[i]}`).toBeLessThanOrEqual(0.5);
    });

    const stored = await app.inject({ method: "GET", url: `/api/clips/${clip.id}`, headers: { cookie: camper.cookie } });
    expect((stored.json() as Clip).scriptCheck).toEqual(checked);
  }, 120_000);

  it("a take that leaves a sentence out: that sentence missed, the others said", async () => {
    const camper = await registerCamper(app);
    const clip = await takeOfShot(app, camper, skippingTake);
    const res = await check(app, camper, clip.id, {});
    expect(res.statusCode, res.body).toBe(200);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(checked.wordMatch).toBeLessThan(0.75);
  }, 120_000);

  it("checks against the shot's current lines: a narration edited after the take is followed first", async () => {
    const camper = await registerCamper(app);
    const clip = await takeOfShot(app, camper, fullTake);
    const edited = LINES.replace("best friends", "good friends");
    const patched = await app.inject({ method: "PATCH", url: `/api/recordings/${clip.showId}`, headers: { cookie: camper.cookie }, payload: { narration: edited } });
    expect(patched.statusCode, patched.body).toBe(200);
    const checked = ((await check(app, camper, clip.id)).json() as Clip).scriptCheck!;
    expect(checked.lines).toBe(edited);
    expect(checked.sentences[2]!.text).toBe("By the end of the week we were good friends.");
    // One word changed still leaves the sentence said (9 of its 10 words, above the 80 % bar).
    expect(checked.sentences.map((s) => s.said)).toEqual([true, true, true]);
  }, 120_000);

  it("a take of other words: no sentence said", async () => {
    const camper = await registerCamper(app);
    const clip = await takeOfShot(app, camper, await spokenClip(OTHER_SCRIPT));
    const checked = ((await check(app, camper, clip.id)).json() as Clip).scriptCheck!;
    expect(checked.sentences.filter((s) => s.said)).toEqual([]);
  }, 120_000);

  it("a free clip has no lines to check (400); another camper's clip and a missing one are not found", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const free = await uploadClip(app, camper, skippingTake, "Free recording");
    const noShot = await check(app, camper, free.id);
    expect(noShot.statusCode).toBe(400);
    expect(noShot.json().message).toBe(SHOT_MESSAGES.clipHasNoShot);

    const take = await takeOfShot(app, camper, skippingTake);
    const foreign = await check(app, other, take.id, { transcript: LINES });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(CLIP_MESSAGES.notFound);
    expect((await check(app, camper, 987_654_321)).statusCode).toBe(404);
    const unchanged = await app.inject({ method: "GET", url: `/api/clips/${take.id}`, headers: { cookie: camper.cookie } });
    expect((unchanged.json() as Clip).scriptCheck).toBeNull();
  }, 120_000);

  it("refuses a take longer than the longest video any format allows, before anything listens", async () => {
    const camper = await registerCamper(app);
    const take = await takeOfShot(app, camper, fullTake);
    // As ffprobe would find a take of over ten minutes (making one here would take minutes).
    const { db } = await testDatabase();
    await db.update(schema.clips).set({ durationSeconds: LONGEST_VIDEO_SECONDS + 1 }).where(eq(schema.clips.id, take.id));
    const listened = vi.spyOn(PocketsphinxAligner.prototype, "align");
    try {
      const res = await check(app, camper, take.id, { transcript: LINES });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SHOT_MESSAGES.takeTooLong(LONGEST_VIDEO_SECONDS / 60) });
      expect(listened).not.toHaveBeenCalled();
    } finally {
      listened.mockRestore();
    }
    // Up to the longest video, the same take is checked.
    await db.update(schema.clips).set({ durationSeconds: LONGEST_VIDEO_SECONDS }).where(eq(schema.clips.id, take.id));
    expect((await check(app, camper, take.id)).statusCode).toBe(200);
  }, 120_000);
});

describe("POST /api/clips/:id/script-check with no listener on the server", () => {
  let bare: App;
  beforeAll(async () => {
    bare = await createTestApp({ SPEECH_ALIGNER: "off" });
  });
  afterAll(() => bare?.close());

  it("uses what the browser's speech recognition heard (no word times)", async () => {
    const camper = await registerCamper(bare);
    const clip = await takeOfShot(bare, camper, skippingTake);
    const res = await check(bare, camper, clip.id, { transcript: "i was nervous on the first day of camp by the end of the week we were best friends" });
    expect(res.statusCode, res.body).toBe(200);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked).toMatchObject({ status: "checked", source: "browser" });
    expect(checked.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(checked.sentences.flatMap((s) => s.words).every((w) => w.start === null)).toBe(true);
  });

  it("says plainly it is unavailable when the browser heard nothing either", async () => {
    const camper = await registerCamper(bare);
    const clip = await takeOfShot(bare, camper, skippingTake);
    for (const payload of [undefined, { transcript: "  " }]) {
      const res = await check(bare, camper, clip.id, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Clip).scriptCheck).toMatchObject({ status: "unavailable", source: null, wordMatch: 0, message: SHOT_MESSAGES.checkUnavailable });
    }
  });

  it(`allows ${SCRIPT_CHECKS_PER_MINUTE} checks a minute per camper, then asks to wait`, async () => {
    const camper = await registerCamper(bare);
    const clip = await takeOfShot(bare, camper, skippingTake);
    for (let i = 0; i < SCRIPT_CHECKS_PER_MINUTE; i++) expect((await check(bare, camper, clip.id, { transcript: LINES })).statusCode).toBe(200);
    const limited = await check(bare, camper, clip.id, { transcript: LINES });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().message).toMatch(/Please wait/);
    // Another camper is not held up.
    const other = await registerCamper(bare);
    const theirs = await takeOfShot(bare, other, skippingTake);
    expect((await check(bare, other, theirs.id, { transcript: LINES })).statusCode).toBe(200);
  });
});

describe("POST /api/clips/:id/script-check through the camp's transcription endpoint (the real openai SDK against a local fake)", () => {
  const provider = appWithFakeOpenAi((baseURL) => ({ TRANSCRIBE_BASE_URL: baseURL, TRANSCRIBE_API_KEY: "test-key", TRANSCRIBE_MODEL: "whisper-1", AI_MAX_RETRIES: "0" }));

  it("sends the whole take as 16 kHz mono WAV (never the lines), and checks the words it answers with, at their times", async () => {
    const camper = await registerCamper(provider.app);
    const clip = await takeOfShot(provider.app, camper, skippingTake);
    provider.fake.setBehaviour({ kind: "ok", words: [] });
    // The endpoint hears the first and last sentences, each word 0.25 s, from 1.0 s and 4.0 s.
    provider.fake.setTranscriber(async () => ({
      text: `${READ_SCRIPT[0]} ${READ_SCRIPT[2]}`,
      words: [READ_SCRIPT[0]!, READ_SCRIPT[2]!].flatMap((sentence, s) =>
        sentence.split(" ").map((word, w) => ({ word: word.replace(/[.,]/g, ""), start: 1 + 3 * s + w * 0.25, end: 1 + 3 * s + (w + 1) * 0.25 })),
      ),
    }));
    const before = provider.fake.transcriptionRequests.length;
    const res = await check(provider.app, camper, clip.id, { transcript: "ignored when the server can listen" });
    expect(res.statusCode, res.body).toBe(200);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked).toMatchObject({ status: "checked", source: "transcription" });
    expect(checked.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(checked.sentences[2]!.words[0]).toEqual({ word: "By", heard: true, start: 4, end: 4.25 });

    const request = provider.fake.transcriptionRequests[before]!;
    expect(request.fields.model).toEqual(["whisper-1"]);
    expect(request.fields.response_format).toEqual(["verbose_json"]);
    expect(request.fields["timestamp_granularities[]"]).toEqual(["word"]);
    expect(JSON.stringify(request.fields)).not.toContain("cabin mates");
    const sent = path.join(work, "sent.wav");
    const take = path.join(work, "skipping.webm");
    await writeFile(sent, request.file.bytes);
    await writeFile(take, skippingTake);
    const probe = async (file: string) =>
      JSON.parse((await run(tools.ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,codec_name,sample_rate,channels:format=duration", "-of", "json", file])).stdout) as {
        streams: { codec_type: string; codec_name: string; sample_rate?: string; channels?: number }[];
        format: { duration: string };
      };
    const wav = await probe(sent);
    expect(wav.streams[0]).toMatchObject({ codec_name: "pcm_s16le", sample_rate: "16000", channels: 1 });
    const original = await probe(take);
    expect(Number(wav.format.duration)).toBeCloseTo(Number(original.format.duration), 1);
  }, 120_000);

  it("an endpoint that fails: the offline listener checks the take instead", async () => {
    const camper = await registerCamper(provider.app);
    const clip = await takeOfShot(provider.app, camper, skippingTake);
    provider.fake.setBehaviour({ kind: "status", status: 500 });
    const before = provider.fake.transcriptionRequests.length;
    const res = await check(provider.app, camper, clip.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(provider.fake.transcriptionRequests.length).toBe(before + 1);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked.source).toBe("offline");
    expect(checked.sentences.map((s) => s.said)).toEqual([true, false, true]);
  }, 120_000);
});

/** Work folders the check left behind in DATA_DIR/tmp (none: each is removed when its check ends). */
const leftovers = async () => (await readdir(path.join(TEST_DATA_DIR, "tmp")).catch(() => [] as string[])).filter((name) => name.startsWith("script-check-"));

describe("POST /api/clips/:id/script-check with media on S3", () => {
  let s3: LocalS3;
  let onS3: App;
  beforeAll(async () => {
    s3 = await startLocalS3();
    const { db } = await testDatabase();
    onS3 = await buildApp({ config: testConfig(s3.env), db });
    await onS3.ready();
  });
  afterAll(async () => {
    await onS3?.close();
    await s3?.close();
  });

  it("checks a take from a local copy of the object, and leaves no work folder behind", async () => {
    const camper = await registerCamper(onS3);
    const clip = await takeOfShot(onS3, camper, skippingTake);
    const res = await check(onS3, camper, clip.id);
    expect(res.statusCode, res.body).toBe(200);
    const checked = (res.json() as Clip).scriptCheck!;
    expect(checked).toMatchObject({ status: "checked", source: "offline" });
    expect(checked.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(await leftovers()).toEqual([]);
  }, 120_000);
});
