import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOICE_MESSAGES, type VoiceOver, type VoiceStatus } from "../../../contracts/voice.ts";
import type { App } from "../../app.ts";
import { FLITE_VOICES, FliteVoice } from "../../voice/flite-voice.ts";
import { parseWav, seconds } from "../../voice/wav.ts";
import { createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { placeSentences } from "./voice-timing.ts";

const script =
  "This summer at camp I learned to plan, film and edit my own videos. My favorite project was a stop motion short about a lost sock. " +
  "Filming the lake at sunrise taught me to be patient and wait for the light.";
const words = script.split(/\s+/).length;

function loudness(audio: Buffer) {
  const pcm = parseWav(audio);
  let sum = 0;
  const samples = pcm.data.length / 2;
  for (let i = 0; i < samples; i++) sum += (pcm.data.readInt16LE(i * 2) / 32768) ** 2;
  return { rate: pcm.sampleRate, seconds: seconds(pcm), rms: Math.sqrt(sum / samples) };
}

describe("Flite voices inside Node", () => {
  it("reads a script in every voice: a WAV of plausible length and loudness", async () => {
    const flite = new FliteVoice();
    for (const voice of FLITE_VOICES) {
      const audio = await flite.synthesize(script, voice);
      expect(audio.toString("latin1", 0, 4)).toBe("RIFF");
      const { rate, seconds, rms } = loudness(audio);
      expect(rate, voice).toBe(voice === "kal" ? 8000 : 16000);
      expect(words / seconds, `${voice}: ${seconds.toFixed(2)} s`).toBeGreaterThan(1.8);
      expect(words / seconds, `${voice}: ${seconds.toFixed(2)} s`).toBeLessThan(4);
      expect(rms, voice).toBeGreaterThan(0.02);
    }
  });

  it("reads several sentences in one go, one WAV each, in order", async () => {
    const [short, long] = await new FliteVoice().synthesizeEach(["Hi!", script], "slt");
    expect(loudness(short!).seconds).toBeLessThan(loudness(long!).seconds / 4);
  });
});

describe("voices offered to campers", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("lists Flite's voices first with friendly names, the clearest as default, and eSpeak's as a choice", async () => {
    const camper = await registerCamper(app);
    const status = (await app.inject({ method: "GET", url: "/api/voice/status", headers: { cookie: camper.cookie } })).json() as VoiceStatus;
    expect(status.defaultVoice).toBe("kal16");
    expect(status.voiceOptions[0]).toEqual({ id: "kal16", name: "Kal (clearest, US)", previewUrl: "/api/voice/preview?voice=kal16" });
    expect(status.voiceOptions.map((v) => v.id)).toEqual(expect.arrayContaining([...FLITE_VOICES, "en-us"]));
    for (const option of status.voiceOptions) expect(option.name).not.toMatch(/^en-|\+/);
  });

  it("plays a short preview of a voice, and refuses a voice it does not have", async () => {
    const camper = await registerCamper(app);
    const preview = await app.inject({ method: "GET", url: "/api/voice/preview?voice=rms", headers: { cookie: camper.cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("audio/wav");
    const { seconds } = loudness(preview.rawPayload);
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(10);
    const unknown = await app.inject({ method: "GET", url: "/api/voice/preview?voice=nobody", headers: { cookie: camper.cookie } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: VOICE_MESSAGES.unknownVoice });
  });

  it("makes a show's voice-over in a chosen Flite voice and names it", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: script });
    const res = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie }, payload: { voice: "awb" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    const voiceOver = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/voice-over`, headers: { cookie: camper.cookie } })).json() as VoiceOver;
    expect(voiceOver).toMatchObject({ voice: "awb", voiceName: "Alastair (Scottish)", matchesNarration: true });
    // Three sentences joined with pauses: longer than the bare reading, never shorter.
    expect(voiceOver.durationSeconds).toBeGreaterThan(words / 4);
  });
});

describe("finding sentence starts in audio read as one piece", () => {
  it("takes the end of the pause nearest where each sentence is expected", () => {
    const sentences = ["One two three four.", "Five six seven eight.", "Nine ten."];
    // Speech from 0.2 s to 9.8 s; pauses after each sentence and one mid-sentence (a comma).
    const silences = [
      { start: 0, end: 0.2 },
      { start: 2.1, end: 2.3 },
      { start: 3.9, end: 4.4 },
      { start: 8.0, end: 8.5 },
      { start: 9.8, end: 10 },
    ];
    const placed = placeSentences(sentences, silences, 10);
    expect(placed.map((s) => s.start)).toEqual([0.2, 4.4, 8.5]);
    expect(placed.map((s) => s.end)).toEqual([4.4, 8.5, 9.8]);
  });
});
