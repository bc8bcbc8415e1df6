import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolveVideoTools } from "../server/media/video-tools.ts";

const run = promisify(execFile);
const dir = path.join(tmpdir(), "summer-stories-fixtures");

/**
 * The fixture file `name`, made once per machine by `make(partial)` (which must write `partial`): written
 * under a name of this process's own and renamed, so parallel workers never read half a file.
 */
export async function fixtureOnce(name: string, make: (partial: string) => Promise<unknown>): Promise<Buffer> {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp${path.extname(name)}`;
    await make(partial);
    await rename(partial, file);
  }
  return readFileSync(file);
}

/** The fixture `name`, made once per machine by ffmpeg with `args(partial)`. */
function madeOnce(name: string, args: (partial: string) => string[]): Promise<Buffer> {
  return fixtureOnce(name, (partial) => run(resolveVideoTools({}).ffmpeg, ["-v", "error", "-nostdin", "-y", ...args(partial)]));
}

/**
 * libvpx on one thread. With its default threads it waits for its other threads by spinning: on this
 * two-core machine beside the other test processes, 10 s of a 320x240 clip took 1.5-5 s of CPU against
 * 0.27 s on one thread, and the 62 s clip 15.7 s against 4.8 s (decision 029c, sixth pass).
 */
export const VP8_ONE_THREAD = ["-c:v", "libvpx", "-threads", "1"];

/**
 * A real WebM (VP8 + Opus, as Chromium's MediaRecorder makes) of `seconds`, made once per machine
 * with the ffmpeg the app itself uses.
 */
export async function webmFixture(seconds = 2): Promise<Buffer> {
  return madeOnce(`test-${seconds}s.webm`, (partial) => [
    "-f", "lavfi", "-i", `testsrc=size=320x240:rate=25:duration=${seconds}`,
    "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`,
    ...VP8_ONE_THREAD, "-b:v", "300k", "-c:a", "libopus", "-shortest", "-f", "webm", partial,
  ]);
}

/** A WebM take with no sound at all (a camera recorded without a microphone). */
export async function silentWebmFixture(seconds = 1): Promise<Buffer> {
  return madeOnce(`silent-${seconds}s.webm`, (partial) => [
    "-f", "lavfi", "-i", `testsrc=size=320x240:rate=25:duration=${seconds}`, ...VP8_ONE_THREAD, "-b:v", "300k", "-f", "webm", partial,
  ]);
}

/**
 * A real WebM of `seconds` at about 6.7 Mbit/s (noise does not compress), for uploads big enough to
 * span several S3 multipart parts: 8 s is about 6.7 MB.
 */
export async function bigWebmFixture(seconds = 8): Promise<Buffer> {
  return madeOnce(`big-${seconds}s.webm`, (partial) => [
    "-f", "lavfi", "-i", `testsrc=size=640x360:rate=25:duration=${seconds}`,
    "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`,
    "-vf", "noise=alls=40:allf=t",
    "-c:v", "libvpx", "-b:v", "12M", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-shortest", "-f", "webm", partial,
  ]);
}

/** A tone of `seconds` as WebM/Opus (what MediaRecorder records) or MP3 (what speech APIs return). */
export async function audioFixture(seconds: number, format: "webm" | "mp3"): Promise<Buffer> {
  const codec = format === "webm" ? ["-c:a", "libopus"] : ["-c:a", "libmp3lame"];
  return madeOnce(`tone-${seconds}s.${format}`, (partial) => ["-f", "lavfi", "-i", `sine=frequency=330:duration=${seconds}`, ...codec, "-f", format, partial]);
}

/**
 * WebM/Opus written to a pipe, as MediaRecorder writes it: no duration and no cues in the file, so
 * only a remux makes its length known.
 */
export async function streamedWebmAudio(seconds: number): Promise<Buffer> {
  const { ffmpeg } = resolveVideoTools({});
  const { stdout } = await run(
    ffmpeg,
    ["-v", "error", "-nostdin", "-f", "lavfi", "-i", `sine=frequency=300:duration=${seconds}`, "-c:a", "libopus", "-f", "webm", "pipe:1"],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout as unknown as Buffer;
}
