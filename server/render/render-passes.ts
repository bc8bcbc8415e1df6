import { readFile, rename } from "node:fs/promises";
import path from "node:path";
import { MIX_LOUDNESS_FILE, STEM_LOUDNESS_FILES, buildLevelArgs, needsLevelling, readMixLoudness, readStemLoudness } from "./render-audio.ts";
import type { LoudnessMeasure, RenderPlan } from "./render-plan.ts";

/** Runs one ffmpeg pass in the working folder; `share` is the part of the whole render's progress it stands for; resolves with ffmpeg's log. */
export type RenderPassRunner = (args: string[], share: { from: number; to: number }) => Promise<string>;

/**
 * The share of progress each pass stands for: the two sound passes read no picture and take a few
 * seconds even for a long show, the picture pass is the render's real work.
 */
export const PASS_SHARES = { stems: { from: 0, to: 3 }, mix: { from: 3, to: 6 }, level: { from: 6, to: 7 }, video: { from: 7, to: 99 } } as const;

/** Levelling passes at most: each takes the limiter's small loss back (real speech under a -2 dBTP ceiling needs three or four, each well under a second). */
const MAX_LEVELLING = 5;

const LEVELLED_FILE = "mix-levelled.wav";

/** A show's render plan run to the end: stems measured, the mix made and measured, the video drawn with it. */
export async function runRenderPasses(plan: RenderPlan, cwd: string, run: RenderPassRunner): Promise<void> {
  const measured = await runAudioPasses(plan, cwd, run);
  await run(plan.videoArgs(measured), PASS_SHARES.video);
}

/**
 * The sound passes alone (stems measured, mix made, levelled): the mix is left in `plan.mixFile`, and what
 * its last measurement said is returned for the final gain (render parts encode the sound apart from the picture).
 */
export async function runAudioPasses(plan: RenderPlan, cwd: string, run: RenderPassRunner): Promise<LoudnessMeasure | undefined> {
  await run(plan.stemsArgs, PASS_SHARES.stems);
  const read = (file: string) => readFile(path.join(cwd, file), "utf8").catch(() => "");
  const stems = { speechLufs: readStemLoudness(await read(STEM_LOUDNESS_FILES.speech)), musicLufs: readStemLoudness(await read(STEM_LOUDNESS_FILES.music)) };
  await run(plan.mixArgs(stems), PASS_SHARES.mix);
  let measured = readMixLoudness(await read(MIX_LOUDNESS_FILE));
  for (let round = 0; round < MAX_LEVELLING && measured && needsLevelling(measured); round++) {
    await run(buildLevelArgs(plan.mixFile, measured, LEVELLED_FILE), PASS_SHARES.level);
    await rename(path.join(cwd, LEVELLED_FILE), path.join(cwd, plan.mixFile));
    measured = readMixLoudness(await read(MIX_LOUDNESS_FILE));
  }
  return measured;
}
