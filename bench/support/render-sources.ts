/** The render benchmark's source clips and photos (made once per machine), bare ffmpeg, and its loudness measures. */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import sharp from "sharp";
import { resolveVideoTools } from "../../server/media/video-tools.ts";

/** The show every round renders: a phone-shaped video with music under the voice. */
export const FORMAT = "tiktok" as const;
export const MUSIC = { track: "sunny-trail", level: "medium" } as const;
export const run = promisify(execFile);
export const tools = resolveVideoTools({});
export const CLIP_SECONDS = 50;
export const PHOTO_SECONDS = 5;
export const note = (msg: string) => process.stderr.write(`[render bench] ${msg}\n`);
// ---------------------------------------------------------------------------------------------
// Sources

export const FIXTURE_DIR = path.join(tmpdir(), "summer-stories-fixtures");

/** Makes `name` in the fixture folder once (written under a temporary name, then renamed). */
export async function cached(name: string, make: (partial: string) => Promise<void>): Promise<Buffer> {
  const file = path.join(FIXTURE_DIR, name);
  if (!existsSync(file)) {
    mkdirSync(FIXTURE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp${path.extname(file)}`;
    const started = performance.now();
    await make(partial);
    await rename(partial, file);
    note(`made ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return readFileSync(file);
}

/** A 720x1280 30 fps VP8 + Opus WebM with quiet room noise, as a phone's MediaRecorder makes it. */
export function sourceClip(name: string, pattern: number): Promise<Buffer> {
  return cached(`bench-render-${name}-${CLIP_SECONDS}s-720x1280-30fps-vp8-opus.webm`, (partial) =>
    run(tools.ffmpeg, [
      "-v", "error", "-nostdin", "-y",
      "-f", "lavfi", "-i", `testsrc2=size=720x1280:rate=30:duration=${CLIP_SECONDS},hue=h=${pattern * 90}`,
      "-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.02:sample_rate=48000:duration=${CLIP_SECONDS}:seed=${pattern}`,
      "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2M",
      "-c:a", "libopus", "-b:a", "96k", "-shortest", "-f", "webm", partial,
    ]).then(() => undefined),
  );
}

/** A 3000x2000 JPEG with detail to pan across: a gradient, shapes, a caption and fine grain. */
export function sourcePhoto(n: number): Promise<Buffer> {
  return cached(`bench-render-photo-${n}-3000x2000.jpg`, async (partial) => {
    const hues = [200, 30, 120];
    const h = hues[n % hues.length]!;
    const shapes = Array.from({ length: 40 }, (_, i) => {
      const x = (i * 733 + n * 211) % 3000;
      const y = (i * 397 + n * 89) % 2000;
      return `<circle cx="${x}" cy="${y}" r="${40 + ((i * 37) % 160)}" fill="hsl(${(h + i * 9) % 360},60%,${35 + (i % 5) * 8}%)" fill-opacity="0.7"/>`;
    }).join("");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},70%,70%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360},50%,25%)"/></linearGradient></defs><rect width="3000" height="2000" fill="url(#g)"/>${shapes}<text x="150" y="1850" font-size="220" font-family="DejaVu Sans" fill="white">Camp photo ${n + 1}</text></svg>`;
    const grain = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 24 } } }).png().toBuffer();
    await sharp(Buffer.from(svg)).composite([{ input: grain, blend: "soft-light" }]).jpeg({ quality: 90 }).toFile(partial);
  });
}

// ---------------------------------------------------------------------------------------------
// Bare ffmpeg

export function spawnFfmpeg(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // The worker's environment for ffmpeg: its own fontconfig in the working folder.
    const child = spawn(tools.ffmpeg, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FONTCONFIG_FILE: path.join(cwd, "fonts.conf") } });
    let stderr = "";
    child.stdout.resume(); // -progress pipe:1 output, drained as the job drains it
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-64 * 1024);
    });
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg exited ${code ?? signal}: ${stderr.slice(-500)}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring the sound

/** Integrated loudness and true peak of a file's sound (ffmpeg ebur128=peak=true summary). */
export async function loudness(file: string) {
  const { stderr } = await run(tools.ffmpeg, ["-hide_banner", "-nostdin", "-nostats", "-i", file, "-map", "0:a", "-af", "ebur128=peak=true", "-f", "null", "-"], { maxBuffer: 64 * 1024 * 1024 });
  const summary = stderr.split("Summary:").at(-1)!;
  return { I: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), P: Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)![1]) };
}

/** Sum of squares and sample count of a raw stereo f32le file within [start, end) windows (seconds). */
export function energyIn(samples: Float32Array, windows: { start: number; end: number }[], rate: number) {
  let sum = 0;
  let count = 0;
  for (const w of windows) {
    const from = Math.max(0, Math.floor(w.start * rate) * 2);
    const to = Math.min(samples.length, Math.floor(w.end * rate) * 2);
    for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
    count += Math.max(0, to - from);
  }
  return { sum, count };
}

export const db10 = (ratio: number) => 10 * Math.log10(ratio);
