import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_SCRIPT, READ_SCRIPT, speechStartsIn, spokenClip } from "../../testing/speech-fixtures.ts";
import { probeVideo, resolveVideoTools } from "../media/video-tools.ts";
import { buildTimedCues } from "../render/captions.ts";
import type { RenderClip } from "../render/render-plan.ts";
import { extractSpeechWav, heardWordsOf, timeScriptInClips } from "./clip-speech.ts";
import { PocketsphinxAligner } from "./pocketsphinx-aligner.ts";
import { checkSpeech, checkTranscript } from "./script-check.ts";
import type { SpeechAligner } from "./speech-aligner.ts";

const tools = resolveVideoTools({});
const script = READ_SCRIPT.join(" ");
let work: string;
let readClip: string;
let otherClip: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "clip-speech-"));
  readClip = path.join(work, "read.webm");
  otherClip = path.join(work, "other.webm");
  await writeFile(readClip, await spokenClip(READ_SCRIPT));
  await writeFile(otherClip, await spokenClip(OTHER_SCRIPT));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function clip(file: string, trims: { trimStartSeconds?: number; trimEndSeconds?: number } = {}): Promise<RenderClip> {
  return { path: file, ...(await probeVideo(tools, file)), ...trims };
}

/** Each sentence's first cue start, in order. */
function sentenceCueStarts(sentences: { text: string; start: number; end: number }[], videoSeconds: number) {
  const cues = buildTimedCues(sentences, videoSeconds);
  return READ_SCRIPT.map((sentence) => cues.find((c) => sentence.startsWith(c.text.split(" ").slice(0, 4).join(" ")))?.start);
}

describe("captions for the clips' own sound, offline (Debian's pocketsphinx)", () => {
  it("is installed here, as .ci/run and the Dockerfile install it", () => {
    expect(PocketsphinxAligner.available()).toBe(true);
  });

  it("a camper who read the script: each sentence's cue starts within 0.5 s of the moment its speech starts", async () => {
    const timing = await timeScriptInClips(new PocketsphinxAligner(), tools, [await clip(readClip)], script, work);
    expect(timing.readTheScript).toBe(true);
    expect(timing.share).toBeGreaterThan(0.8);
    const spoken = await speechStartsIn(readClip);
    expect(spoken).toHaveLength(READ_SCRIPT.length);
    const starts = sentenceCueStarts(timing.sentences, 60);
    starts.forEach((start, i) => expect(Math.abs(start! - spoken[i]!), `sentence ${i + 1}: cue ${start}, speech ${spoken[i]}`).toBeLessThanOrEqual(0.5));
  });

  it("speech that is not the script gives no captions", async () => {
    const timing = await timeScriptInClips(new PocketsphinxAligner(), tools, [await clip(otherClip)], script, work);
    expect(timing.readTheScript).toBe(false);
    expect(timing.sentencesSaid).toBeLessThan(0.5);
  });

  it("a script read across two clips, the first trimmed: cue times are in the finished video's timeline", async () => {
    // Clip 1 reads the first sentence; clip 2 the other two. Clip 1 is cut to start 0.6 s in.
    const firstFile = path.join(work, "first.webm");
    const restFile = path.join(work, "rest.webm");
    await writeFile(firstFile, await spokenClip(READ_SCRIPT.slice(0, 1)));
    await writeFile(restFile, await spokenClip(READ_SCRIPT.slice(1)));
    const first = await clip(firstFile, { trimStartSeconds: 0.6 });
    const rest = await clip(restFile);
    const timing = await timeScriptInClips(new PocketsphinxAligner(), tools, [first, rest], script, work);
    expect(timing.readTheScript).toBe(true);

    const firstUsed = first.durationSeconds - 0.6;
    const spokenFirst = (await speechStartsIn(firstFile)).map((t) => t - 0.6);
    const spokenRest = (await speechStartsIn(restFile)).map((t) => t + firstUsed);
    const expected = [...spokenFirst, ...spokenRest];
    expect(expected).toHaveLength(3);
    const starts = sentenceCueStarts(timing.sentences, 60);
    starts.forEach((start, i) => expect(Math.abs(start! - expected[i]!), `sentence ${i + 1}: cue ${start}, speech ${expected[i]}`).toBeLessThanOrEqual(0.5));
  });

  it("a clip without sound is skipped but keeps its place in the timeline", async () => {
    const silent = { ...(await clip(otherClip)), hasAudio: false };
    const read = await clip(readClip);
    const timing = await timeScriptInClips(new PocketsphinxAligner(), tools, [silent, read], script, work);
    expect(timing.readTheScript).toBe(true);
    expect(timing.speechSeconds).toBeCloseTo(read.durationSeconds, 1);
    const spoken = (await speechStartsIn(readClip)).map((t) => t + silent.durationSeconds);
    const starts = sentenceCueStarts(timing.sentences, 60);
    starts.forEach((start, i) => expect(Math.abs(start! - spoken[i]!)).toBeLessThanOrEqual(0.5));
  });
});

describe("captions from checked takes' stored word times", () => {
  /** An aligner that must not be asked: the takes' own checks already timed their words. */
  const deaf: SpeechAligner = {
    name: "must not listen",
    sendsAudioAway: false,
    align: () => Promise.reject(new Error("listened again to a checked take")),
  };

  it("two checked flite takes, the first trimmed: no listening again, and every caption starts within 0.5 s of its words", async () => {
    const firstFile = path.join(work, "take-1.webm");
    const restFile = path.join(work, "take-2.webm");
    await writeFile(firstFile, await spokenClip(READ_SCRIPT.slice(0, 1)));
    await writeFile(restFile, await spokenClip(READ_SCRIPT.slice(1)));
    // Each take checked on its whole sound against its own shot's lines, as POST /script-check does.
    const checked = async (file: string, lines: readonly string[]) => {
      const wav = `${file}.wav`;
      await extractSpeechWav(tools, file, wav);
      return checkSpeech(new PocketsphinxAligner(), wav, lines.join(" "));
    };
    const firstCheck = await checked(firstFile, READ_SCRIPT.slice(0, 1));
    const restCheck = await checked(restFile, READ_SCRIPT.slice(1));
    expect([...firstCheck.sentences, ...restCheck.sentences].map((s) => s.said)).toEqual([true, true, true]);

    const first = { ...(await clip(firstFile, { trimStartSeconds: 0.6 })), heardWords: heardWordsOf(firstCheck) };
    const rest = { ...(await clip(restFile)), heardWords: heardWordsOf(restCheck) };
    const timing = await timeScriptInClips(deaf, tools, [first, rest], script, work);
    expect(timing.readTheScript).toBe(true);

    const firstUsed = first.durationSeconds - 0.6;
    const spoken = [...(await speechStartsIn(firstFile)).map((t) => t - 0.6), ...(await speechStartsIn(restFile)).map((t) => t + firstUsed)];
    expect(spoken).toHaveLength(3);
    const cues = buildTimedCues(timing.sentences, 60);
    // Every cue: its sentence's speech (silencedetect, independent of the listener) when it opens the
    // sentence, else its own first word as the take's check timed it, moved to the video's timeline.
    const wordTimes = [
      ...firstCheck.sentences.flatMap((s) => s.words).map((w) => (w.start === null ? null : w.start - 0.6)),
      ...restCheck.sentences.flatMap((s) => s.words).map((w) => (w.start === null ? null : w.start + firstUsed)),
    ];
    let wordIndex = 0;
    for (const cue of cues) {
      const sentence = READ_SCRIPT.findIndex((s) => s.startsWith(cue.text));
      const expected = sentence >= 0 ? spoken[sentence]! : wordTimes[wordIndex]!;
      expect(Math.abs(cue.start - expected), `"${cue.text}": cue ${cue.start}, words ${expected}`).toBeLessThanOrEqual(0.5);
      wordIndex += cue.text.split(" ").length;
    }
    expect(cues.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("a take checked from a browser transcript has no times: it is listened to again (and, with no listener, adds nothing)", async () => {
    expect(heardWordsOf(checkTranscript(READ_SCRIPT.join(" "), script))).toBeUndefined();
    expect(heardWordsOf(null)).toBeUndefined();
    const read = await clip(readClip);
    const timing = await timeScriptInClips(new PocketsphinxAligner(), tools, [{ ...read, heardWords: undefined }], script, work);
    expect(timing.readTheScript).toBe(true);
    const nobody = await timeScriptInClips(undefined, tools, [read], script, work);
    expect(nobody).toMatchObject({ readTheScript: false, speechSeconds: 0 });
  }, 60_000);
});
