import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { FliteVoice } from "../server/voice/flite-voice.ts";
import { fixtureOnce, VP8_ONE_THREAD } from "./media-fixtures.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

/** Scripts a camper might read into the camera; the second is unrelated to the first. */
export const READ_SCRIPT = [
  "I was nervous on the first day of camp.",
  "Then I met my cabin mates by the lake.",
  "By the end of the week we were best friends.",
];
export const OTHER_SCRIPT = [
  "We went canoeing on the river.",
  "I steered the boat for the first time.",
  "It was cold but really fun.",
];

/**
 * A recorded clip of someone reading sentences: each sentence spoken by the project's own offline voice
 * (Flite, kal16), `leadSeconds` of quiet first (the camper starts the camera, then speaks) and
 * `pauseSeconds` between sentences, muxed with a coloured picture as WebM (VP8 + Opus, what
 * MediaRecorder makes). Made once per machine for the same sentences and times (the same bytes every
 * time: the voice and ffmpeg are deterministic), as the other fixtures are.
 */
export async function spokenClip(sentences: readonly string[], options: { leadSeconds?: number; pauseSeconds?: number; tailSeconds?: number } = {}): Promise<Buffer> {
  const { leadSeconds = 1, pauseSeconds = 0.9, tailSeconds = 0.8 } = options;
  const key = createHash("sha256").update(JSON.stringify({ recipe: 1, sentences, leadSeconds, pauseSeconds, tailSeconds })).digest("hex").slice(0, 16);
  return fixtureOnce(`spoken-${key}.webm`, (clip) => makeSpokenClip(sentences, leadSeconds, pauseSeconds, tailSeconds, clip));
}

async function makeSpokenClip(sentences: readonly string[], leadSeconds: number, pauseSeconds: number, tailSeconds: number, clip: string): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "spoken-clip-"));
  try {
    const voice = new FliteVoice();
    const inputs: string[] = [];
    for (const [i, sentence] of sentences.entries()) {
      const file = path.join(work, `s${i}.wav`);
      await writeFile(file, await voice.synthesize(sentence, "kal16"));
      inputs.push(file);
    }
    const args = ["-v", "error", "-nostdin", "-y"];
    for (const input of inputs) args.push("-i", input);
    // Each sentence at 48 kHz stereo, quiet before and between them, then joined.
    const parts = inputs.map((_, i) => {
      const before = i === 0 ? leadSeconds : pauseSeconds;
      const after = i === inputs.length - 1 ? tailSeconds : 0;
      return `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,adelay=${Math.round(before * 1000)}:all=1,apad=pad_dur=${after}[a${i}]`;
    });
    const audio = path.join(work, "speech.wav");
    args.push("-filter_complex", `${parts.join(";")};${inputs.map((_, i) => `[a${i}]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`, "-map", "[a]", "-c:a", "pcm_s16le", audio);
    await run(tools.ffmpeg, args);
    await run(tools.ffmpeg, [
      "-v", "error", "-nostdin", "-y",
      "-f", "lavfi", "-i", "color=c=teal:size=320x240:rate=25",
      "-i", audio,
      ...VP8_ONE_THREAD, "-b:v", "200k", "-c:a", "libopus", "-shortest", "-f", "webm", clip,
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Where speech starts after each quiet stretch of at least 0.5 s (ffmpeg's silencedetect), in seconds
 * from the start of the file's sound: the independent yardstick for caption times.
 */
export async function speechStartsIn(file: string): Promise<number[]> {
  const { stderr } = await run(tools.ffmpeg, ["-hide_banner", "-nostdin", "-i", file, "-af", "silencedetect=noise=-35dB:d=0.5", "-f", "null", "-"]);
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  const total = Number(stdout.trim());
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  const first = /silence_start: (-?[\d.]+)/.exec(stderr);
  const starts = ends.filter((end) => end < total - 0.05);
  return first !== null && Number(first[1]) <= 0.01 ? starts : [0, ...starts];
}
