import { execFile } from "node:child_process";
import { readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { VOICE_MESSAGES } from "../../../contracts/voice.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { MeSpeakVoice } from "../../voice/offline-voice.ts";
import { splitForSpeech } from "../../voice/voice-provider.ts";
import { audioFixture, streamedWebmAudio } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../../testing/test-app.ts";
import { appWithFakeOpenAi } from "../../../testing/fake-openai-app.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

/** Duration (s) and loudness (RMS of 16-bit samples, 0..1) of any audio, decoded by ffmpeg. */
async function measure(audio: Buffer): Promise<{ seconds: number; rms: number }> {
  const file = path.join(tmpdir(), `voice-${process.pid}-${Math.random()}.bin`);
  await writeFile(file, audio);
  const { stdout } = await run(tools.ffmpeg, ["-v", "error", "-i", file, "-f", "s16le", "-ac", "1", "-ar", "16000", "-"], {
    encoding: "buffer",
    maxBuffer: 256 * 1024 * 1024,
  });
  const samples = stdout.length / 2;
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += (stdout.readInt16LE(i * 2) / 32768) ** 2;
  return { seconds: samples / 16000, rms: Math.sqrt(sum / samples) };
}

const narration =
  "This summer at camp I learned to plan, film and edit my own videos. My favorite project was a stop motion short about a lost sock. " +
  "Filming the lake at sunrise taught me to be patient and wait for the light.";
const words = narration.split(/\s+/).length;

describe("the built-in offline voice", () => {
  it("speaks the text: audio that is not silent and lasts about 2-3 words a second", async () => {
    const audio = await new MeSpeakVoice().synthesize(narration, "en-us");
    expect(audio.toString("latin1", 0, 4)).toBe("RIFF");
    const { seconds, rms } = await measure(audio);
    expect(rms).toBeGreaterThan(0.02);
    expect(words / seconds).toBeGreaterThan(1.8);
    expect(words / seconds).toBeLessThan(3.5);
  });

  it("splits long scripts at sentence ends within a provider's limit", () => {
    const long = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is about the lake.`).join(" ");
    const parts = splitForSpeech(long, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096);
    expect(parts.join(" ")).toBe(long);
    expect(parts.every((p) => p.endsWith("."))).toBe(true);
  });
});

describe("AI voice for a show (offline)", () => {
  let app: App;
  let camper: SignedInClient;
  beforeAll(async () => {
    app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  });
  afterAll(() => app.close());

  it("reads the show's narration, keeps it with the show, and answers the same text again from the cache", async () => {
    camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration });
    // No voice-over yet is an answer (null), not a 404; another camper's show is still "not found".
    const none = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/voice-over`, headers: { cookie: camper.cookie } });
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const stranger = await registerCamper(app);
    const theirs = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/voice-over`, headers: { cookie: stranger.cookie } });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: SHOW_MESSAGES.notFound }]);
    const first = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["content-type"]).toBe("audio/wav");
    const { seconds, rms } = await measure(first.rawPayload);
    expect(rms).toBeGreaterThan(0.02);
    expect(seconds).toBeGreaterThan(words / 3.5);

    const again = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(again.headers["x-voice-over-id"]).toBe(first.headers["x-voice-over-id"]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const meta = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/voice-over`, headers: { cookie: camper.cookie } });
    expect(meta.json()).toMatchObject({ showId: show.id, matchesNarration: true, voice: "en-us" });

    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { narration: "A new script." } });
    const stale = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/voice-over`, headers: { cookie: camper.cookie } });
    expect(stale.json().matchesNarration).toBe(false);
    const fresh = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(fresh.headers["x-voice-over-id"]).not.toBe(first.headers["x-voice-over-id"]);

    const media = await app.inject({ method: "GET", url: meta.json().mediaUrl, headers: { cookie: camper.cookie, range: "bytes=0-3" } });
    expect(media.statusCode).toBe(206);
    expect(media.body).toBe("RIFF");
    const other = await registerCamper(app);
    expect((await app.inject({ method: "GET", url: meta.json().mediaUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it("refuses a show whose narration is only a placeholder, and an unknown voice", async () => {
    camper = await registerCamper(app);
    const draft = await createShow(app, camper.cookie, { narration: "Draft saved - waiting for AI generation", isDraft: true });
    const res = await app.inject({ method: "POST", url: `/api/recordings/${draft.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VOICE_MESSAGES.needsNarration });
    const show = await createShow(app, camper.cookie, { narration });
    const voice = await app.inject({
      method: "POST",
      url: `/api/recordings/${show.id}/clone-voice`,
      headers: { cookie: camper.cookie },
      payload: { voice: "darth" },
    });
    expect(voice.statusCode).toBe(400);
  });
});

describe("OpenAI-compatible speech", () => {
  const provider = appWithFakeOpenAi((baseURL) => ({ VOICE_BASE_URL: baseURL, AI_TIMEOUT_MS: "700", AI_MAX_RETRIES: "0" }));
  beforeAll(async () => provider.fake.setSpeechAudio(await audioFixture(1, "mp3")));

  it("sends only the script, splits a long one under 4,096 characters a call, and joins the parts", async () => {
    provider.fake.setBehaviour({ kind: "ok", words: [] });
    provider.fake.speechRequests.length = 0;
    const camper = await registerCamper(provider.app);
    const long = Array.from({ length: 160 }, (_, i) => `At camp on day ${i} we filmed the lake and laughed a lot.`).join(" ");
    const show = await createShow(provider.app, camper.cookie, { narration: long });
    const res = await provider.app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(provider.fake.speechRequests.length).toBeGreaterThan(1);
    for (const body of provider.fake.speechRequests) {
      expect((body.input as string).length).toBeLessThanOrEqual(4096);
      expect(body).toMatchObject({ model: "gpt-4o-mini-tts", voice: "alloy" });
      expect(JSON.stringify(body)).not.toContain(camper.credentials.username);
    }
    const { seconds } = await measure(res.rawPayload);
    expect(seconds).toBeGreaterThan(provider.fake.speechRequests.length * 0.9);
  });

  it("answers a provider error with 502 and a stall with 504, storing nothing", async () => {
    const camper = await registerCamper(provider.app);
    const show = await createShow(provider.app, camper.cookie, { narration });
    provider.fake.setBehaviour({ kind: "status", status: 500 });
    const failed = await provider.app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/voice provider/);
    provider.fake.setBehaviour({ kind: "stall" });
    const stalled = await provider.app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
    expect([502, 504]).toContain(stalled.statusCode);
    const files = await readdir(path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "voice-overs")).catch(() => []);
    expect(files).toEqual([]);
  });
});

describe("voice samples", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function upload(camper: SignedInClient, bytes: Buffer) {
    const boundary = "----voiceboundary";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="voiceSample"; filename="sample.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: "POST",
      url: "/api/voice/save-sample",
      headers: { cookie: camper.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }

  it("saves, replaces, serves and deletes the camper's own sample", async () => {
    const camper = await registerCamper(app);
    const saved = await upload(camper, await audioFixture(3, "webm"));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ mimeType: "audio/webm" });
    expect(saved.json().durationSeconds).toBeCloseTo(3, 0);
    const replaced = await upload(camper, await audioFixture(5, "webm"));
    expect(replaced.json().durationSeconds).toBeCloseTo(5, 0);
    const folder = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "voice-sample");
    expect(await readdir(folder)).toHaveLength(1);

    const media = await app.inject({ method: "GET", url: "/api/voice/sample/media", headers: { cookie: camper.cookie } });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("audio/webm");
    const other = await registerCamper(app);
    expect((await app.inject({ method: "GET", url: "/api/voice/sample/media", headers: { cookie: other.cookie } })).statusCode).toBe(404);

    const del = await app.inject({ method: "DELETE", url: "/api/voice/sample", headers: { cookie: camper.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await readdir(folder)).toEqual([]);
    // No sample is an ordinary state: 200 with null, not a 404 in the console.
    const none = await app.inject({ method: "GET", url: "/api/voice/sample", headers: { cookie: camper.cookie } });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it("accepts a WebM without a duration, as Chromium's MediaRecorder writes it", async () => {
    const camper = await registerCamper(app);
    const res = await upload(camper, await streamedWebmAudio(4));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().durationSeconds).toBeCloseTo(4, 0);
  });

  it("refuses what is not audio (415) and samples far over 30 seconds (400), keeping nothing", async () => {
    const camper = await registerCamper(app);
    const notAudio = await upload(camper, Buffer.from("<html>not a recording</html>"));
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json()).toEqual({ message: VOICE_MESSAGES.notAudio });
    const tooLong = await upload(camper, await audioFixture(40, "webm"));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: VOICE_MESSAGES.tooLong });
    const folder = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "voice-sample");
    expect(await readdir(folder).catch(() => [])).toEqual([]);
  });

  it("goes with the account", async () => {
    const camper = await registerCamper(app);
    await upload(camper, await audioFixture(3, "webm"));
    await app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: camper.cookie }, payload: { password: camper.credentials.password } });
    const folder = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId));
    expect(await readdir(folder).catch(() => [])).toEqual([]);
  });
});
