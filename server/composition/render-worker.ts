import type { AppConfig } from "../config.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { VideoToolPaths } from "../media/video-tools.ts";
import type { CampSettingsRepository } from "../modules/camp-settings/camp-settings.repository.ts";
import type { ClipWords } from "../modules/clips/clip-words.service.ts";
import type { ClipsRepository } from "../modules/clips/clips.repository.ts";
import { musicFileOf } from "../modules/music/music-library.ts";
import { ReelRenderer } from "../modules/reels/reel-renderer.ts";
import type { ReelsRepository } from "../modules/reels/reels.repository.ts";
import type { CabinsRepository } from "../modules/staff/cabins.repository.ts";
import type { RenderAheadRepository } from "../modules/renders/render-ahead.repository.ts";
import type { RenderJobsRepository } from "../modules/renders/render-jobs.repository.ts";
import { RenderWorker, type RenderChoices, type RenderWorkerOptions } from "../modules/renders/render-worker.ts";
import type { ShowsRepository } from "../modules/shows/shows.repository.ts";
import type { VoiceService } from "../modules/voice/voice.service.ts";

/** What a render worker is made of, whichever process runs it. */
export interface RenderWorkerParts {
  config: Pick<AppConfig, "render" | "media">;
  jobs: RenderJobsRepository;
  shows: ShowsRepository;
  clips: ClipsRepository;
  reels: ReelsRepository;
  cabins: CabinsRepository;
  campSettings: CampSettingsRepository;
  renderAhead: RenderAheadRepository;
  storage: MediaStorage;
  tools: VideoToolPaths;
  voice: VoiceService;
  clipWords: ClipWords;
  log: RenderWorkerOptions["log"];
  /** Render ahead: what a show's render would be made from now (RendersService.choicesOf). */
  choices: (userId: number, showId: number) => Promise<RenderChoices | null>;
}

/**
 * The one render worker recipe: the web app's (rendering in process, RENDER_CONCURRENCY > 0) and
 * `npm run worker`'s are the same worker, with the same settings, reels and render ahead.
 */
export function createRenderWorker(parts: RenderWorkerParts): RenderWorker {
  const { config, storage, tools } = parts;
  return new RenderWorker({
    jobs: parts.jobs,
    shows: parts.shows,
    storage,
    clips: parts.clips,
    voice: parts.voice,
    tools,
    concurrency: config.render.concurrency,
    clipWords: parts.clipWords,
    reels: new ReelRenderer({ reels: parts.reels, cabins: parts.cabins, storage, tools, campSettings: parts.campSettings }),
    workDir: config.media.tmpDir,
    musicFile: musicFileOf,
    x264Preset: config.render.x264Preset,
    log: parts.log,
    ahead: config.render.ahead
      ? { repo: parts.renderAhead, prepareConcurrency: config.render.prepareConcurrency, choices: parts.choices }
      : undefined,
  });
}
