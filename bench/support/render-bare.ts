/**
 * The render benchmark's yardstick: the worker's own three passes for a finished job, rebuilt from the
 * same stored files and spawned as bare ffmpeg, with none of the app around them.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import { desc, eq } from "drizzle-orm";
import type { RenderJob } from "../../contracts/renders.ts";
import type { RenderCards } from "../../contracts/video-style.ts";
import { schema, type Database } from "../../db/client.ts";
import { hasAudioStream } from "../../server/media/video-tools.ts";
import { clipSpan, type ClipRow } from "../../server/modules/clips/clips.repository.ts";
import { musicFileOf } from "../../server/modules/music/music-library.ts";
import { buildAss, captionCues, shiftCues } from "../../server/render/ass-captions.ts";
import { runRenderPasses } from "../../server/render/render-passes.ts";
import { buildRenderPlan, frameSize, renderTimeline, type RenderClip } from "../../server/render/render-plan.ts";
import type { TimedSentence } from "../../server/voice/voice-provider.ts";
import { FORMAT, MUSIC, spawnFfmpeg, tools } from "./render-sources.ts";

const require = createRequire(import.meta.url);
/** The worker's captions font folder (RenderWorker's fontsDir). */
export const FONTS_DIR = path.dirname(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));

export function bareRenderer({ db, showId, clipRows, stored, work }: { db: Database; showId: number; clipRows: ClipRow[]; stored: (key: string) => string; work: string }) {
  /** The worker's inputs for a job, rebuilt from the same stored files: the plan's input and captions.ass. */
  async function bareInputs(job: RenderJob) {
    const [voice] = await db.select().from(schema.voiceOvers).where(eq(schema.voiceOvers.showId, showId)).orderBy(desc(schema.voiceOvers.id)).limit(1);
    if (!voice) throw new Error("no voice-over was stored");
    const clips: RenderClip[] = [];
    for (const row of clipRows) {
      const file = stored(row.storageKey);
      if (row.kind === "photo") clips.push({ kind: "photo", path: file, durationSeconds: row.durationSeconds, hasAudio: false });
      else {
        const span = clipSpan(row);
        clips.push({ kind: "video", path: file, durationSeconds: row.durationSeconds, hasAudio: await hasAudioStream(tools, file), trimStartSeconds: span.start, trimEndSeconds: span.end });
      }
    }
    const cards = job.options.cards as RenderCards;
    const voicePath = stored(voice.storageKey);
    const sentences = voice.sentences as TimedSentence[];
    const timeline = renderTimeline({ format: FORMAT, clips, voicePath, voiceSeconds: voice.durationSeconds, cards });
    const { width, height } = frameSize(FORMAT);
    const cues = shiftCues(captionCues(sentences, timeline.storySeconds, FORMAT, width, height), timeline.storyStartSeconds);
    const ass = buildAss({ format: FORMAT, width, height, style: "word", cues, cards: { content: cards, title: timeline.titleCard!, end: timeline.endCard! } });
    const planInput = {
      format: FORMAT,
      fit: job.options.fit,
      clips,
      voicePath,
      voiceSeconds: voice.durationSeconds,
      subtitlesFile: "captions.ass",
      fontsDir: FONTS_DIR,
      music: { path: musicFileOf(MUSIC.track)!, level: MUSIC.level },
      transitions: true,
      cards,
    };
    return { planInput, ass, sentences, timeline };
  }

  /** A fresh working folder as the worker makes one: captions.ass and fonts.conf (its own font cache). */
  async function bareFolder(ass: string) {
    const dir = await mkdtemp(path.join(work, "bare-"));
    await writeFile(path.join(dir, "captions.ass"), ass);
    await writeFile(path.join(dir, "fonts.conf"), `<?xml version="1.0"?><fontconfig><dir>${FONTS_DIR}</dir><cachedir>${dir}/fc-cache</cachedir></fontconfig>`);
    return dir;
  }

  async function bare(job: RenderJob): Promise<number> {
    const { planInput, ass } = await bareInputs(job);
    const dir = await bareFolder(ass);
    const output = path.join(dir, "bare.mp4");
    const started = performance.now();
    const plan = buildRenderPlan({ ...planInput, output });
    // The same three passes the worker runs (sound stems, mix, picture), spawned bare.
    await runRenderPasses(plan, dir, (args) => spawnFfmpeg(args, dir));
    const seconds = (performance.now() - started) / 1000;
    await rm(dir, { recursive: true, force: true });
    return seconds;
  }

  return { bareInputs, bareFolder, bare };
}
