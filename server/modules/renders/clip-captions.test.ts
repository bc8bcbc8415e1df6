import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { writeFile } from "node:fs/promises";
import { schema } from "../../../db/client.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { extractSpeechWav } from "../../speech/clip-speech.ts";
import { PocketsphinxAligner } from "../../speech/pocketsphinx-aligner.ts";
import { checkSpeech } from "../../speech/script-check.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderJob } from "../../../contracts/renders.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { startFakeOpenAiServer } from "../../../testing/fake-openai-server.ts";
import { OTHER_SCRIPT, READ_SCRIPT, speechStartsIn, spokenClip } from "../../../testing/speech-fixtures.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { renderFinalVideo, renderOutputPath } from "../../../testing/renders.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip } from "../../../testing/uploads.ts";
import { parseVtt } from "../../../testing/voice-timing.ts";

let app: App;
let work: string;
beforeAll(async () => {
  // The default config: clip-sound captions with Debian's pocketsphinx, offline.
  app = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), "clip-captions-"));
});
afterAll(async () => {
  await app.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const get = (camper: SignedInClient, url: string) => app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });

async function showWithClips(camper: SignedInClient, clips: Buffer[]) {
  // audioSource "original" and captions automatic are a new show's defaults.
  const show = await createShow(app, camper.cookie, { narration: READ_SCRIPT.join(" ") });
  expect(show).toMatchObject({ audioSource: "original", captions: null });
  const ids: number[] = [];
  for (const [i, clip] of clips.entries()) ids.push((await uploadClip(app, camper, clip, `Clip ${i + 1}`)).id);
  const attached = await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: ids } });
  expect(attached.statusCode, attached.body).toBe(200);
  return { show, clipIds: ids };
}

describe("captions with the clips' own sound", () => {
  it("a camper who read the script across two clips (one trimmed): the .vtt's sentence cues start with the speech in the video", async () => {
    const camper = await registerCamper(app);
    const { show, clipIds } = await showWithClips(camper, [await spokenClip(READ_SCRIPT.slice(0, 1)), await spokenClip(READ_SCRIPT.slice(1))]);
    const trimmed = await app.inject({ method: "PATCH", url: `/api/clips/${clipIds[0]}`, headers: { cookie: camper.cookie }, payload: { trimStartSeconds: 0.5 } });
    expect(trimmed.statusCode, trimmed.body).toBe(200);

    const done = await renderFinalVideo(app, camper, show.id);
    expect(done.options).toMatchObject({ audio: "original", captions: true });
    expect(done.captionsUrl).not.toBeNull();
    const cues = parseVtt((await get(camper, done.captionsUrl!)).body);
    expect(cues.map((c) => c.text).join(" ")).toBe(READ_SCRIPT.join(" "));

    // The finished video's own sound is the clips' sound: silencedetect finds where each sentence starts.
    const video = await renderOutputPath(done.id);
    const spoken = await speechStartsIn(video);
    expect(spoken).toHaveLength(READ_SCRIPT.length);
    READ_SCRIPT.forEach((sentence, i) => {
      const cue = cues.find((c) => sentence.startsWith(c.text));
      expect(cue, sentence).toBeDefined();
      expect(Math.abs(cue!.start - spoken[i]!), `"${sentence}": cue at ${cue!.start}, speech at ${spoken[i]}`).toBeLessThanOrEqual(0.5);
    });
  }, 180_000);

  it("clips whose speech is not the script: no captions unless the camper asks for them", async () => {
    const camper = await registerCamper(app);
    const { show } = await showWithClips(camper, [await spokenClip(OTHER_SCRIPT)]);
    const done = await renderFinalVideo(app, camper, show.id);
    expect(done.options).toMatchObject({ audio: "original", captions: false });
    expect(done.captionsUrl).toBeNull();

    // Asked for by name, captions come anyway (spread over the video, as the camper chose).
    const asked = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: { captions: true } });
    await app.renderWorker.runNext();
    const withCaptions = (await get(camper, `/api/renders/${asked.json().id}`)).json() as RenderJob;
    expect(withCaptions).toMatchObject({ status: "done", options: { captions: true } });
    expect(withCaptions.captionsUrl).not.toBeNull();
  }, 180_000);

  it("with the camp's transcription endpoint: captions from its word timings; an endpoint that fails leaves the video without them, never fails it", async () => {
    const fake = await startFakeOpenAiServer();
    const remote = await createTestApp({ SPEECH_ALIGNER: "transcription", TRANSCRIBE_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0" });
    try {
      const camper = await registerCamper(remote);
      const show = await createShow(remote, camper.cookie, { narration: READ_SCRIPT.join(" ") });
      const clip = await uploadClip(remote, camper, await spokenClip(READ_SCRIPT));
      await remote.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
      const render = async (payload: object) => {
        const started = await remote.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload });
        await remote.renderWorker.runNext();
        return (await remote.inject({ method: "GET", url: `/api/renders/${started.json().id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
      };

      // The endpoint is down: the video is made, with no automatic captions.
      fake.setBehaviour({ kind: "status", status: 500 });
      const withoutCaptions = await render({});
      expect(withoutCaptions).toMatchObject({ status: "done", captionsUrl: null, options: { captions: false } });
      expect(fake.transcriptionRequests).toHaveLength(1);

      // The endpoint hears the script, each word at a time the test gives: the cues start with them.
      fake.setBehaviour({ kind: "ok", words: [] });
      const sentenceStarts = [1.0, 3.1, 5.2];
      fake.setTranscriber(async () => ({
        text: READ_SCRIPT.join(" "),
        words: READ_SCRIPT.flatMap((sentence, i) => sentence.split(" ").map((word, w) => ({ word, start: sentenceStarts[i]! + w * 0.2, end: sentenceStarts[i]! + (w + 1) * 0.2 }))),
      }));
      const withCaptions = await render({ fit: "fit" });
      expect(withCaptions).toMatchObject({ status: "done", options: { captions: true } });
      const cues = parseVtt((await remote.inject({ method: "GET", url: withCaptions.captionsUrl!, headers: { cookie: camper.cookie } })).body);
      // Heard times are the clips'; in the video the clips start after the title card (on by default).
      READ_SCRIPT.forEach((sentence, i) => expect(cues.find((c) => sentence.startsWith(c.text))?.start).toBeCloseTo(sentenceStarts[i]! + VIDEO_STYLE.titleCardSeconds, 2));
    } finally {
      await remote.close();
      await fake.close();
    }
  }, 240_000);

  it("takes checked after recording: the video's captions follow their stored word times, even with no listener on the server", async () => {
    const bare = await createTestApp({ SPEECH_ALIGNER: "off" });
    try {
      const { db } = await testDatabase();
      const camper = await registerCamper(bare);
      const show = await createShow(bare, camper.cookie, { narration: READ_SCRIPT.join(" ") });
      const bytes = await spokenClip(READ_SCRIPT);
      const clip = await uploadClip(bare, camper, bytes, "Shot 1, take 1");
      await bare.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
      await bare.inject({ method: "PATCH", url: `/api/clips/${clip.id}`, headers: { cookie: camper.cookie }, payload: { trimStartSeconds: 0.5 } });
      // The take's check, as POST /script-check keeps it (offline, on the whole take).
      const file = path.join(work, "checked-take.webm");
      await writeFile(file, bytes);
      await extractSpeechWav(resolveVideoTools({}), file, `${file}.wav`);
      const check = await checkSpeech(new PocketsphinxAligner(), `${file}.wav`, READ_SCRIPT.join(" "));
      await db.update(schema.clips).set({ scriptCheck: check }).where(eq(schema.clips.id, clip.id));

      const started = await bare.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: {} });
      await bare.renderWorker.runNext();
      const done = (await bare.inject({ method: "GET", url: `/api/renders/${started.json().id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
      expect(done).toMatchObject({ status: "done", options: { captions: true } });
      const cues = parseVtt((await bare.inject({ method: "GET", url: done.captionsUrl!, headers: { cookie: camper.cookie } })).body);
      // Speech times in the take, less its 0.5 s trim, after the title card (on by default) in the video.
      const spoken = (await speechStartsIn(file)).map((t) => t - 0.5 + VIDEO_STYLE.titleCardSeconds);
      READ_SCRIPT.forEach((sentence, i) => {
        const cue = cues.find((c) => sentence.startsWith(c.text));
        expect(Math.abs(cue!.start - spoken[i]!), `"${sentence}": cue ${cue!.start}, speech ${spoken[i]}`).toBeLessThanOrEqual(0.5);
      });
    } finally {
      await bare.close();
    }
  }, 180_000);
});
