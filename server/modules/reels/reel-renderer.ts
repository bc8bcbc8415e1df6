import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { text } from "node:stream/consumers";
import path from "node:path";
import { REEL_MESSAGES, REEL_TITLE_SECONDS } from "../../../contracts/reels.ts";
import { withLocalFiles, type MediaStorage } from "../../media/media-storage.ts";
import { hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { toWebVtt, type Cue } from "../../render/captions.ts";
import { parseWebVtt, shiftCues } from "../../render/reel-captions.ts";
import { buildReelPlan, type ReelPart } from "../../render/reel-plan.ts";
import type { X264Preset } from "../../render/video-encoding.ts";
import type { CabinsRepository } from "../staff/cabins.repository.ts";
import type { ReelJobRow, ReelsRepository } from "./reels.repository.ts";

/** The camp's name on a title card when the director has not set one. */

/** What the worker gives a reel's render: its failure type (words staff read) and its ffmpeg runner. */
export interface ReelRenderContext {
  work: string;
  signal: AbortSignal;
  fail: (message: string) => Error;
  ffmpeg: (args: string[], durationSeconds: number) => Promise<void>;
  /** The worker's encoder speed, the same for reels as for shows. */
  x264Preset?: X264Preset;
}

export interface ReelRendererOptions {
  reels: ReelsRepository;
  /** The cabin a cabin reel names on its title card. */
  cabins: Pick<CabinsRepository, "named">;
  storage: MediaStorage;
  tools: VideoToolPaths;
  /** The camp's name for the title card: the director's setting, or CAMP_TITLE until they set one. */
  campSettings: { get(): Promise<{ campName: string }> };
  /** The render's own font (DejaVu Sans, shipped with the app), bold for the title card and names. */
  fontFile?: string;
}

/**
 * Makes a reel's video in the render worker (a render_jobs row with reel_id, claimed like any render).
 * The videos are the approved renders the reel named at pick time; each camper's media release is read
 * again now (a release withdrawn since the pick stops the reel, and no name goes on screen without one).
 */
export class ReelRenderer {
  private readonly reels: ReelsRepository;
  private readonly cabins: Pick<CabinsRepository, "named">;
  private readonly storage: MediaStorage;
  private readonly tools: VideoToolPaths;
  private readonly campSettings: ReelRendererOptions["campSettings"];
  private readonly fontFile: string;

  constructor(options: ReelRendererOptions) {
    this.reels = options.reels;
    this.cabins = options.cabins;
    this.storage = options.storage;
    this.tools = options.tools;
    this.campSettings = options.campSettings;
    this.fontFile = options.fontFile ?? createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
  }

  async render(job: ReelJobRow, { work, signal, fail, ffmpeg, x264Preset }: ReelRenderContext): Promise<{ outputKey: string; captionsKey: string | null; durationSeconds: number }> {
    const reel = job.reelId === null ? undefined : await this.reels.find(job.reelId);
    if (!reel) throw fail("This reel no longer exists");
    const renders = new Map((await this.reels.renders(reel.items.map((i) => i.renderJobId))).map((row) => [row.id, row]));
    const campers = new Map((await this.reels.campersOfShows(reel.items.map((i) => i.showId))).map((row) => [row.showId, row]));
    const videos = reel.items.map((item) => {
      const render = renders.get(item.renderJobId);
      const camper = campers.get(item.showId);
      if (!render?.outputKey || render.status !== "done" || !camper) throw fail("A video in this reel is no longer available. Make the reel again.");
      if (!camper.mediaRelease) throw fail(REEL_MESSAGES.noMediaRelease(camper.title, camper.firstName ?? "this camper"));
      return { item, render, camper };
    });

    const cabin = reel.cabinId === null ? undefined : await this.cabins.named(reel.cabinId);
    // A cabin reel names the session too when its campers are all of one (a cabin is the same every session).
    const sessions = new Set(videos.map((v) => v.camper.campSessionId));
    const sessionId = reel.campSessionId ?? (sessions.size === 1 ? [...sessions][0]! : null);
    const session = sessionId === null ? undefined : await this.reels.session(sessionId);
    const group = [cabin ? `${cabin.name} cabin` : null, session ? `Session: ${session.name}` : null].filter(Boolean).join(" · ") || null;
    const lines = [reel.title, ...(group && group !== reel.title ? [group] : []), (await this.campSettings.get()).campName];
    const titleLines = await Promise.all(lines.map(async (line, i) => ({ file: await this.textFile(work, `title-${i}.txt`, line), characters: [...line].length })));

    // Beside show renders, under the staff member who asked: housekeeping's sweep of render files no job
    // names covers them, and removing that staff account removes them.
    const stamp = `reel-${reel.id}-${job.id}-${randomUUID()}`;
    const outputKey = `users/${job.userId}/renders/${stamp}.mp4`;
    let captionsKey: string | null = null;
    if (reel.captions) {
      const cues: Cue[] = [];
      let offset = REEL_TITLE_SECONDS;
      for (const { item, render } of videos) {
        const seconds = item.seconds ?? 0;
        if (render.captionsKey) {
          const own = parseWebVtt(await text(this.storage.read(render.captionsKey)));
          cues.push(...shiftCues(own, { startSeconds: item.startSeconds ?? 0, seconds, offsetSeconds: offset }));
        }
        offset += seconds;
      }
      if (cues.length) {
        captionsKey = `users/${job.userId}/renders/${stamp}.vtt`;
        const vtt = toWebVtt(cues);
        await this.storage.withNewLocalFile(captionsKey, (p) => writeFile(p, vtt));
      }
    }

    try {
      const durationSeconds = await withLocalFiles(
        this.storage,
        videos.map((v) => v.render.outputKey!),
        async (paths) => {
          const parts: ReelPart[] = [];
          for (const [i, { item, camper }] of videos.entries()) {
            const first = camper.firstName?.trim();
            parts.push({
              path: paths[i]!,
              hasAudio: await hasAudioStream(this.tools, paths[i]!, signal),
              startSeconds: item.startSeconds ?? 0,
              seconds: item.seconds ?? 0,
              // First name only, and only with a media release (every camper in a reel has one; still checked).
              nameFile: first && camper.mediaRelease ? await this.textFile(work, `name-${i}.txt`, first) : undefined,
            });
          }
          return this.storage.withNewLocalFile(outputKey, async (output) => {
            const plan = buildReelPlan({ format: reel.format, parts, titleLines, fontFile: this.fontFile, x264Preset, output });
            await ffmpeg(plan.args, plan.durationSeconds);
            return plan.durationSeconds;
          });
        },
      );
      return { outputKey, captionsKey, durationSeconds };
    } catch (error) {
      if (captionsKey) await this.storage.delete(captionsKey).catch(() => undefined);
      throw error;
    }
  }

  /** A text for drawtext, in a file of its own: nothing of it reaches ffmpeg's command or filter syntax. */
  private async textFile(work: string, name: string, content: string): Promise<string> {
    await writeFile(path.join(work, name), content.replace(/[\r\n]+/g, " ").trim());
    return name;
  }
}
