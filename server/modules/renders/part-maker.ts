import { copyFile, mkdir, open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { withLocalFiles, type MediaStorage } from "../../media/media-storage.ts";
import { ffmpegVersion, type VideoToolPaths } from "../../media/video-tools.ts";
import { runAudioPasses } from "../../render/render-passes.ts";
import { assembleArgs, audioPartArgs, planRenderParts, runsOf, videoRangeArgs, type VideoPart } from "../../render/render-parts.ts";
import type { RenderPlan, RenderPlanInput } from "../../render/render-plan.ts";
import { secondsOf } from "../../render/render-sections.ts";
import { DEFAULT_X264_PRESET } from "../../render/video-encoding.ts";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";

/** Runs ffmpeg in the work folder for `seconds` of video, its progress scaled into `share` of the job's. */
export type PartsRunner = (args: string[], seconds: number, share: { from: number; to: number }) => Promise<string>;

/** What a render in parts made and reused (bench:render and the tests count them). */
export interface PartsReport {
  videoParts: number;
  videoPartsMade: number;
  framesMade: number;
  audioMade: boolean;
}

/**
 * Makes a show's video from content-addressed parts (render-parts.ts): finds the parts already made, makes
 * only the missing ones (each run of adjacent missing parts in one ffmpeg run, the sound beside them), keeps
 * them for the next render, and joins all of them into `input.output`. A render and a preparation both run
 * this; a preparation's programs run at low priority.
 */
export async function renderInParts(
  deps: { storage: MediaStorage; repo: RenderAheadRepository; tools: VideoToolPaths },
  show: { userId: number; showId: number },
  plan: RenderPlan,
  input: RenderPlanInput,
  ass: string | undefined,
  work: string,
  run: PartsRunner,
): Promise<PartsReport> {
  const salt = { ffmpegVersion: await ffmpegVersion(deps.tools), x264Preset: input.x264Preset ?? DEFAULT_X264_PRESET };
  const manifest = planRenderParts(plan, input, ass, salt);
  const found = await deps.repo.findParts(show.showId, [...manifest.video.map((p) => p.key), manifest.audioKey]);
  const missing = new Set(manifest.video.filter((p) => !found.has(p.key)).map((p) => p.key));
  const runs = runsOf(manifest.video, missing);
  const framesMade = runs.flat().reduce((sum, p) => sum + p.to - p.from, 0);
  const keyOf = (key: string, extension: string) => `users/${show.userId}/render-parts/${show.showId}/${key}.${extension}`;
  const store = async (key: string, kind: "video" | "audio", file: string) => {
    const storageKey = keyOf(key, kind === "video" ? "ts" : "m4a");
    await deps.storage.withNewLocalFile(storageKey, (p) => copyFile(file, p));
    await deps.repo.savePart({ showId: show.showId, userId: show.userId, key, kind, storageKey, bytes: (await stat(file)).size });
    found.set(key, storageKey);
  };

  const video = async () => {
    let done = 0;
    for (const [n, parts] of runs.entries()) {
      const dir = `run-${n}`;
      await mkdir(path.join(work, dir));
      const range = { from: parts[0]!.from, to: parts.at(-1)!.to, cuts: parts.map((p) => p.from - parts[0]!.from) };
      const list = `${dir}/parts.csv`;
      const share = { from: 10 + (85 * done) / Math.max(1, framesMade), to: 10 + (85 * (done + range.to - range.from)) / Math.max(1, framesMade) };
      await run(videoRangeArgs(plan, input, range, { pattern: `${dir}/p-%03d.ts`, listFile: list }), secondsOf(range.to - range.from), share);
      const files = (await readFile(path.join(work, list), "utf8")).split("\n").filter(Boolean).map((line) => line.split(",")[0]!);
      if (files.length !== parts.length) throw new Error(`a run of ${parts.length} parts gave ${files.length} segments`);
      for (const [i, part] of parts.entries()) if (!found.has(part.key)) await store(part.key, "video", path.join(work, dir, files[i]!));
      done += range.to - range.from;
    }
  };
  const audioMade = !found.has(manifest.audioKey);
  const audio = async () => {
    if (!audioMade) return;
    const measured = await runAudioPasses(plan, work, (args, share) => run(args, plan.durationSeconds, { from: share.from, to: Math.min(share.to, 10) }));
    await run(audioPartArgs(plan.mixFile, measured, plan.durationSeconds, "audio.m4a"), plan.durationSeconds, { from: 9, to: 10 });
    await store(manifest.audioKey, "audio", path.join(work, "audio.m4a"));
  };
  // The sound passes are mostly single-threaded: they run beside the picture's encoder. When one fails
  // or is stopped, the other is waited for too (it was stopped by the same signal), so no ffmpeg of this
  // render outlives it and nothing still writes into the work folder as it is removed.
  const [picture, sound] = await Promise.allSettled([video(), audio()]);
  if (picture.status === "rejected") throw picture.reason;
  if (sound.status === "rejected") throw sound.reason;

  const keys = [...manifest.video.map((p) => found.get(p.key)!), found.get(manifest.audioKey)!];
  await withLocalFiles(deps.storage, keys, async (paths) => {
    const joined = path.join(work, "video.ts");
    await joinFiles(paths.slice(0, -1), joined);
    await run(assembleArgs(joined, paths.at(-1)!, plan.durationSeconds, input.output), plan.durationSeconds, { from: 95, to: 99 });
  });
  return { videoParts: manifest.video.length, videoPartsMade: uniqueCount(runs.flat()), framesMade, audioMade };
}

const uniqueCount = (parts: VideoPart[]) => new Set(parts.map((p) => p.key)).size;

/** MPEG-TS parts joined end to end (each starts on a key frame with its own stream headers, timestamps running on). */
async function joinFiles(files: string[], output: string): Promise<void> {
  const out = await open(output, "w");
  try {
    // One part in memory at a time (a few MB at most).
    for (const file of files) await out.write(await readFile(file));
  } finally {
    await out.close();
  }
}
