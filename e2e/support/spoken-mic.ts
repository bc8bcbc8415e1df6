import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolveVideoTools } from "../../server/media/video-tools.ts";
import { FliteVoice } from "../../server/voice/flite-voice.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

/**
 * A WAV for Chromium's microphone (`--use-file-for-fake-audio-capture`): the sentences read by Flite's
 * kal16 voice with short pauses, then a longer quiet stretch. Chromium plays it in a loop from when the
 * page opens the microphone, so a take of about twice its length holds at least one whole reading
 * wherever in the loop Record is pressed.
 */
export async function spokenMicrophone(sentences: readonly string[], into: string): Promise<{ file: string; seconds: number }> {
  const work = await mkdtemp(path.join(tmpdir(), "spoken-mic-"));
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
    const parts = inputs.map(
      (_, i) => `[${i}:a]aresample=48000,aformat=sample_fmts=s16:channel_layouts=mono,apad=pad_dur=${i === inputs.length - 1 ? 1.5 : 0.6}[a${i}]`,
    );
    const file = path.join(into, `mic-${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
    args.push("-filter_complex", `${parts.join(";")};${inputs.map((_, i) => `[a${i}]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`, "-map", "[a]", "-c:a", "pcm_s16le", file);
    await run(tools.ffmpeg, args);
    const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
    return { file, seconds: Number(stdout.trim()) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
