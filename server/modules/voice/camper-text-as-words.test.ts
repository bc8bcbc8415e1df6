import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import type { ShotList } from "../../../contracts/shots.ts";
import type { VoiceOver } from "../../../contracts/voice.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { hostileTexts, literalBoundSeconds, secretPlace, speechSeconds, type SecretPlace } from "../../../testing/hostile-text.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { spokenClip } from "../../../testing/speech-fixtures.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { uploadTake } from "../../../testing/uploads.ts";

/**
 * A camper's narration that looks like a program's options, through every way the app reads it aloud
 * or listens for it: the voice preview, a show's voice-over, the voice made for a render (and its
 * burned-in captions), the take check. Each must read the words as words: eSpeak reading the secret
 * file aloud lasted about 420 s where the words last 5.
 */
const ESPEAK_VOICES = ["en-us", "en", "en-us+f3", "en-us+m3"];

let app: App;
let place: SecretPlace;

beforeAll(async () => {
  // The default built-in voices: Flite's and, with Debian's espeak-ng installed, eSpeak's.
  app = await createTestApp();
  place = await secretPlace();
});
afterAll(async () => {
  await app.close();
  await place.cleanup();
});

const send = (camper: SignedInClient, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: camper.cookie }, ...(payload ? { payload } : {}) });

async function voiceOverOf(camper: SignedInClient, showId: number): Promise<VoiceOver> {
  const res = await send(camper, "GET", `/api/recordings/${showId}/voice-over`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VoiceOver;
}

describe("camper text that looks like options, through the app", () => {
  it("the voice preview of each eSpeak voice is made through the helper", async () => {
    const camper = await registerCamper(app);
    const status = (await send(camper, "GET", "/api/voice/status")).json() as { voices: string[] };
    expect(status.voices).toEqual(expect.arrayContaining(ESPEAK_VOICES));
    for (const voice of ESPEAK_VOICES) {
      const res = await send(camper, "GET", `/api/voice/preview?voice=${encodeURIComponent(voice)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(speechSeconds(res.rawPayload)).toBeGreaterThan(1);
    }
  });

  it("a show's voice-over in each eSpeak voice reads the words, not the file they name, and writes nothing", async () => {
    for (const voice of ESPEAK_VOICES) {
      const camper = await registerCamper(app);
      const show = await createShow(app, camper.cookie, { narration: "A first line." });
      for (const text of hostileTexts(place)) {
        expect((await send(camper, "PATCH", `/api/recordings/${show.id}`, { narration: text })).statusCode).toBe(200);
        const res = await send(camper, "POST", `/api/recordings/${show.id}/clone-voice`, { voice });
        expect(res.statusCode, `${voice} ${text}: ${res.body}`).toBe(200);
        const seconds = speechSeconds(res.rawPayload);
        expect(seconds, `${voice} ${text}`).toBeGreaterThan(0.3);
        expect(seconds, `${voice} ${text}`).toBeLessThan(literalBoundSeconds(text));
      }
    }
    expect(existsSync(place.written)).toBe(false);
  }, 120_000);

  it("the voice made for a render reads the words, and its captions show them", async () => {
    const camper = await registerCamper(app);
    const text = `-f${place.secret}`;
    const show = await createShow(app, camper.cookie, { narration: text });
    expect((await send(camper, "PATCH", `/api/recordings/${show.id}`, { voice: "en-us+m3" })).statusCode).toBe(200);
    await attachClip(app, camper, show.id, 1);
    const done = await renderFinalVideo(app, camper, show.id, { audio: "voice", captions: true });
    const voiceOver = await voiceOverOf(camper, show.id);
    expect(voiceOver.voice).toBe("en-us+m3");
    expect(voiceOver.durationSeconds).toBeLessThan(literalBoundSeconds(text));
    // The video: the voice (or the 1 s clip) between the title and end cards.
    expect(done.durationSeconds).toBeLessThan(literalBoundSeconds(text) + 1 + VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds);
    const captions = await send(camper, "GET", done.captionsUrl!);
    expect(captions.body).toContain("secret");
    expect(captions.body).not.toContain("lighthouse");
  }, 180_000);

  it("the take check listens for the words of lines that look like options", async () => {
    const camper = await registerCamper(app);
    const lines = `-f ${place.secret} --help -w ${place.written} ; cat ${place.secret}`;
    const show = await createShow(app, camper.cookie, { narration: lines });
    const shots = (await send(camper, "GET", `/api/recordings/${show.id}/shots`)).json() as ShotList;
    expect(shots.shots.map((s) => s.text)).toEqual([lines]);
    const take = await uploadTake(app, camper, await spokenClip(["F. Help. W. Cat."]), { shotId: shots.shots[0]!.id });
    const res = await send(camper, "POST", `/api/clips/${take.id}/script-check`);
    expect(res.statusCode, res.body).toBe(200);
    const check = (res.json() as Clip).scriptCheck!;
    expect(check).toMatchObject({ status: "checked", source: "offline", lines });
    // The written words of the lines, heard where the take says them ("--help" is the word help, "-f" the
    // letter f): the take says the option-looking words, which the check hears as words of the lines.
    expect(check.sentences[0]!.words.filter((w) => w.heard).map((w) => w.word)).toEqual(expect.arrayContaining(["-f", "--help", "-w"]));
    expect(existsSync(place.written)).toBe(false);
  }, 120_000);
});
