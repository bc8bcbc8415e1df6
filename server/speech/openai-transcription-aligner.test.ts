import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAiServer, type FakeOpenAiServer, type TranscriptionRequest } from "../../testing/fake-openai-server.ts";
import { OTHER_SCRIPT, READ_SCRIPT, speechStartsIn, spokenClip } from "../../testing/speech-fixtures.ts";
import { loadConfig } from "../config.ts";
import { probeVideo, resolveVideoTools } from "../media/video-tools.ts";
import { buildTimedCues } from "../render/captions.ts";
import type { RenderClip } from "../render/render-plan.ts";
import { timeScriptInClips } from "./clip-speech.ts";
import { createSpeechAligner, createSpeechListeners } from "./create-speech-aligner.ts";
import { OpenAiTranscriptionAligner } from "./openai-transcription-aligner.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});
const script = READ_SCRIPT.join(" ");
let fake: FakeOpenAiServer;
let work: string;
let clipFile: string;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  work = await mkdtemp(path.join(tmpdir(), "openai-transcription-"));
  clipFile = path.join(work, "clip.webm");
  await writeFile(clipFile, await spokenClip(READ_SCRIPT));
});
afterAll(async () => {
  await fake?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * A stand-in for a transcription model that hears `sentences`: it finds where speech starts and ends
 * in the audio it was sent (ffmpeg silencedetect), and spreads each sentence's words over one stretch.
 */
function transcribing(sentences: readonly string[]) {
  return async (request: TranscriptionRequest) => {
    const file = path.join(work, `received-${Date.now()}.wav`);
    await writeFile(file, request.file.bytes);
    const starts = await speechStartsIn(file);
    const { stderr } = await run(tools.ffmpeg, ["-hide_banner", "-nostdin", "-i", file, "-af", "silencedetect=noise=-35dB:d=0.5", "-f", "null", "-"]);
    const quietFrom = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1])).filter((t) => t > 0.01);
    const words = sentences.flatMap((sentence, i) => {
      const start = starts[i] ?? 0;
      const end = quietFrom.find((t) => t > start) ?? start + 2;
      const list = sentence.split(" ");
      const each = (end - start) / list.length;
      return list.map((word, w) => ({ word: word.replace(/[.,!?]/g, ""), start: start + w * each, end: start + (w + 1) * each }));
    });
    return { text: sentences.join(" "), words };
  };
}

const aligner = () => new OpenAiTranscriptionAligner({ baseURL: fake.baseURL, apiKey: "test-key", model: "whisper-1", timeoutMs: 30_000, maxRetries: 0 });

describe("captions for the clips' own sound through an OpenAI-compatible transcription endpoint", () => {
  it("is used only when the camp configures its endpoint (never just because the AI writer has one), and before the offline listener", () => {
    const base = { NODE_ENV: "test", LOG_LEVEL: "silent" };
    const names = (env: Record<string, string>) => createSpeechListeners(loadConfig({ ...base, ...env })).map((l) => l.sendsAudioAway);
    // pocketsphinx is installed here (.ci/run): offline is the default, and the fallback.
    expect(names({ AI_BASE_URL: fake.baseURL })).toEqual([false]);
    expect(names({ TRANSCRIBE_BASE_URL: fake.baseURL })).toEqual([true, false]);
    expect(names({ TRANSCRIBE_BASE_URL: fake.baseURL, SPEECH_ALIGNER: "transcription" })).toEqual([true, false]);
    expect(names({ TRANSCRIBE_BASE_URL: fake.baseURL, SPEECH_ALIGNER: "pocketsphinx" })).toEqual([false]);
    expect(createSpeechAligner(loadConfig({ ...base, TRANSCRIBE_BASE_URL: fake.baseURL }))?.sendsAudioAway).toBe(true);
    expect(createSpeechAligner(loadConfig({ ...base, TRANSCRIBE_BASE_URL: fake.baseURL, SPEECH_ALIGNER: "off" }))).toBeUndefined();
    expect(() => loadConfig({ ...base, SPEECH_ALIGNER: "transcription" })).toThrow(/SPEECH_ALIGNER: transcription needs TRANSCRIBE_BASE_URL/);
    expect(() => loadConfig({ ...base, AI_BASE_URL: fake.baseURL, SPEECH_ALIGNER: "openai" })).toThrow(/openai is now transcription/);
  });

  it("a camper who read the script: sends the used part of the clip as 16 kHz WAV (not the script), cues start within 0.5 s of the speech", async () => {
    fake.setBehaviour({ kind: "ok", words: [] });
    fake.setTranscriber(transcribing(READ_SCRIPT));
    const trim = 0.4;
    const clip: RenderClip = { path: clipFile, ...(await probeVideo(tools, clipFile)), trimStartSeconds: trim };
    const before = fake.transcriptionRequests.length;
    const timing = await timeScriptInClips(aligner(), tools, [clip], script, work);

    const request = fake.transcriptionRequests[before]!;
    expect(request.fields.model).toEqual(["whisper-1"]);
    expect(request.fields.response_format).toEqual(["verbose_json"]);
    expect(request.fields["timestamp_granularities[]"]).toEqual(["word"]);
    expect(JSON.stringify(request.fields)).not.toContain("cabin mates");
    const received = path.join(work, "sent.wav");
    await writeFile(received, request.file.bytes);
    const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels:format=duration", "-of", "json", received]);
    const probed = JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; channels: number }[]; format: { duration: string } };
    expect(probed.streams[0]).toMatchObject({ codec_name: "pcm_s16le", sample_rate: "16000", channels: 1 });
    expect(Number(probed.format.duration)).toBeCloseTo(clip.durationSeconds - trim, 1);

    expect(timing.readTheScript).toBe(true);
    const spoken = (await speechStartsIn(clipFile)).map((t) => t - trim);
    const cues = buildTimedCues(timing.sentences, 60);
    READ_SCRIPT.forEach((sentence, i) => {
      const cue = cues.find((c) => sentence.startsWith(c.text));
      expect(Math.abs(cue!.start - spoken[i]!), `"${sentence}": cue ${cue!.start}, speech ${spoken[i]}`).toBeLessThanOrEqual(0.5);
    });
  });

  it("a transcript that is not the script: no captions", async () => {
    fake.setBehaviour({ kind: "ok", words: [] });
    fake.setTranscriber(transcribing(OTHER_SCRIPT));
    const clip: RenderClip = { path: clipFile, ...(await probeVideo(tools, clipFile)) };
    const timing = await timeScriptInClips(aligner(), tools, [clip], script, work);
    expect(timing.readTheScript).toBe(false);
  });

  it("an endpoint that fails says so (the render then goes on without clip-sound captions)", async () => {
    fake.setBehaviour({ kind: "status", status: 500 });
    const clip: RenderClip = { path: clipFile, ...(await probeVideo(tools, clipFile)) };
    await expect(timeScriptInClips(aligner(), tools, [clip], script, work)).rejects.toThrow();
  });
});
