import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { VideoToolPaths } from "../media/video-tools.ts";
import type { AiService } from "../modules/ai/ai.service.ts";
import { ClipCaptionsService } from "../modules/clips/clip-captions.service.ts";
import type { ClipWords } from "../modules/clips/clip-words.service.ts";
import type { ClipsRepository } from "../modules/clips/clips.repository.ts";
import { ScriptCheckService } from "../modules/clips/script-check.service.ts";
import type { UploadsRepository } from "../modules/clips/uploads.repository.ts";
import { UploadsService } from "../modules/clips/uploads.service.ts";
import { VideoSectionsService } from "../modules/clips/video-sections.service.ts";
import type { AppMetrics } from "../modules/metrics/metrics.ts";
import type { RateLimiter } from "../modules/rate-limit/limiter.ts";
import { StoryLengthService } from "../modules/renders/story-length.service.ts";
import type { ShotsRepository } from "../modules/shots/shots.repository.ts";
import type { ShotsService } from "../modules/shots/shots.service.ts";
import type { ShowsRepository } from "../modules/shows/shows.repository.ts";
import type { StorageQuota } from "../modules/storage-quota/storage-quota.ts";
import type { VoiceService } from "../modules/voice/voice.service.ts";
import type { SpeechAligner } from "../speech/speech-aligner.ts";

/** A camper's clips on their way in and checked: uploads, the take check, clip captions, the story's length. */
export function buildClipWork(deps: {
  config: AppConfig;
  log: FastifyBaseLogger;
  repositories: { uploads: UploadsRepository; shows: ShowsRepository; clips: ClipsRepository; shots: ShotsRepository };
  storage: MediaStorage;
  tools: VideoToolPaths;
  quota: StorageQuota;
  limiter: RateLimiter;
  metrics: AppMetrics;
  listeners: readonly SpeechAligner[];
  clipWords: ClipWords;
  shots: ShotsService;
  voice: VoiceService;
  ai: AiService;
}) {
  const { config, storage, tools, limiter, metrics, shots } = deps;
  const { shows, clips } = deps.repositories;
  const uploads = new UploadsService({
    uploads: deps.repositories.uploads,
    storage,
    clips,
    shows,
    shots: deps.repositories.shots,
    tools,
    maxBytes: config.media.maxUploadBytes,
    quota: deps.quota,
    observer: {
      started: () => metrics.uploadsInProgress.inc(),
      finished: (bytes) => {
        metrics.uploadsInProgress.dec();
        metrics.uploadBytes.inc(bytes);
      },
    },
  });
  const scriptCheck = new ScriptCheckService({
    clips,
    shots: deps.repositories.shots,
    storage,
    tools,
    listeners: deps.listeners,
    limiter,
    workDir: config.media.tmpDir,
    log: deps.log,
    shotsInStep: (userId, showId) => shots.list(userId, showId),
    useBetterTake: (userId, showId, clipId) => shots.useBetterTake(userId, showId, clipId),
  });
  return {
    uploads,
    scriptCheck,
    storyLength: new StoryLengthService({ shows, clips, voice: deps.voice, ai: deps.ai }),
    clipCaptions: new ClipCaptionsService({
      clips,
      shows,
      tools,
      words: deps.clipWords,
      limiter,
      listensPerMinute: config.speech.captionListensPerMinute,
    }),
    videoSections: new VideoSectionsService(clips, shows, deps.repositories.shots),
  };
}
