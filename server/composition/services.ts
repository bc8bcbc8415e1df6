import { KnownDevicesRepository } from "../modules/auth/known-devices.repository.ts";
import { UploadsRepository } from "../modules/clips/uploads.repository.ts";
import { RateLimitsRepository } from "../modules/rate-limit/rate-limits.repository.ts";
import { RetentionRepository } from "../modules/retention/retention.repository.ts";
import { AuditLogRepository } from "../modules/staff/audit-log.repository.ts";
import { StaffAccountsRepository } from "../modules/staff/staff-accounts.repository.ts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { AiWriter } from "../ai/ai-writer.ts";
import { createAiWriter } from "../ai/create-ai-writer.ts";
import type { AppConfig } from "../config.ts";
import { createMediaStorage } from "../media/create-media-storage.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { resolveVideoTools } from "../media/video-tools.ts";
import { AiService } from "../modules/ai/ai.service.ts";
import { SessionsRepository } from "../modules/auth/sessions.repository.ts";
import { UsersRepository } from "../modules/auth/users.repository.ts";
import { CampSettingsRepository } from "../modules/camp-settings/camp-settings.repository.ts";
import { ClipHeardWordsRepository } from "../modules/clips/clip-heard-words.repository.ts";
import { ClipWords } from "../modules/clips/clip-words.service.ts";
import { ClipsRepository } from "../modules/clips/clips.repository.ts";
import { ClipsService } from "../modules/clips/clips.service.ts";
import { UPLOAD_MAX_AGE_DAYS, Housekeeping } from "../modules/housekeeping/housekeeping.ts";
import { AppMetrics, metricsAccess } from "../modules/metrics/metrics.ts";
import { RateLimiter } from "../modules/rate-limit/limiter.ts";
import { ReelsFollowDeletions } from "../modules/reels/reels-follow-deletions.ts";
import { ReelsRepository } from "../modules/reels/reels.repository.ts";
import { RenderAheadRepository } from "../modules/renders/render-ahead.repository.ts";
import { RenderJobsRepository } from "../modules/renders/render-jobs.repository.ts";
import { campCardsSource, RendersService } from "../modules/renders/renders.service.ts";
import { Retention } from "../modules/retention/retention.ts";
import { CampSessions } from "../modules/roster/camp-sessions.service.ts";
import { CampersRepository } from "../modules/roster/campers.repository.ts";
import { ShotsRepository } from "../modules/shots/shots.repository.ts";
import { ShotsService } from "../modules/shots/shots.service.ts";
import { ShowsRepository } from "../modules/shows/shows.repository.ts";
import { ShowsService } from "../modules/shows/shows.service.ts";
import { AuditLog } from "../modules/staff/audit-log.ts";
import { StaffScopes } from "../modules/staff/staff-scope.ts";
import { StorageQuotaRepository } from "../modules/storage-quota/storage-quota.repository.ts";
import { StorageQuota } from "../modules/storage-quota/storage-quota.ts";
import { VoiceRepository } from "../modules/voice/voice.repository.ts";
import { VoiceSamples } from "../modules/voice/voice-samples.service.ts";
import { VoiceService } from "../modules/voice/voice.service.ts";
import { createSpeechListeners } from "../speech/create-speech-aligner.ts";
import { createVoiceProvider } from "../voice/create-voice-provider.ts";
import type { VoiceProvider } from "../voice/voice-provider.ts";
import { buildAccounts } from "./accounts.ts";
import { buildClipWork } from "./clip-work.ts";
import { createRenderWorker } from "./render-worker.ts";
import { buildStaffWork } from "./staff-work.ts";

export interface ServiceDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  /** Defaults to the writer the config names. */
  aiWriter?: AiWriter;
  /** Defaults to the storage the config names (S3 when S3_BUCKET is set, else local disk). */
  mediaStorage?: MediaStorage;
  /** Defaults to the voice the config names. */
  voiceProvider?: VoiceProvider;
}

/**
 * Every service of the app, each given what it needs when it is made (no setters afterwards). What
 * follows a deletion is listed where the deleting service is made, in the order it runs.
 */
export async function buildServices(deps: ServiceDeps) {
  const { config, db, log } = deps;
  const limiter = new RateLimiter(new RateLimitsRepository(db));
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db);
  const campSettings = new CampSettingsRepository(db, config.camp.title);
  const showsRepository = new ShowsRepository(db);
  const clipsRepository = new ClipsRepository(db);
  const shotsRepository = new ShotsRepository(db);
  const reelsRepository = new ReelsRepository(db);
  const renderJobs = new RenderJobsRepository(db);
  const renderAhead = new RenderAheadRepository(db);
  const uploadsRepository = new UploadsRepository(db);
  const heardWords = new ClipHeardWordsRepository(db);
  const quotaRepository = new StorageQuotaRepository(db);
  const knownDevices = new KnownDevicesRepository(db);
  const metrics = new AppMetrics(renderJobs, metricsAccess(config.metricsToken, config.env) !== "off");
  const audit = new AuditLog(new AuditLogRepository(db));
  const staffAccounts = new StaffAccountsRepository(db);
  const scopes = new StaffScopes(users, staffAccounts.cabins);

  const ai = new AiService(metrics.timeAiWriter(deps.aiWriter ?? createAiWriter(config.ai)), limiter, config.ai.requestsPerMinute);
  const storage = deps.mediaStorage ?? (await createMediaStorage(config.media));
  const clips = new ClipsService(clipsRepository, showsRepository, storage);
  const tools = resolveVideoTools(config.media);
  log.info({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe, sources: tools.sources }, "video tools");
  const quota = new StorageQuota(quotaRepository, config.media.quota);
  const voiceProvider = metrics.timeVoice(deps.voiceProvider ?? createVoiceProvider(config));
  const voiceRepository = new VoiceRepository(db);
  const voice = new VoiceService({
    voices: voiceRepository,
    shows: showsRepository,
    storage,
    provider: voiceProvider,
    tools,
    aiLimit: (userId) => ai.checkLimit(userId),
  });
  const voiceSamples = new VoiceSamples({ voices: voiceRepository, storage, tools, quota });
  const shots = new ShotsService(shotsRepository, showsRepository, voice);
  // One listener rule for clip-sound captions (the first) and the take check (each in turn).
  const listeners = createSpeechListeners(config);
  log.info({ listeners: listeners.map((l) => l.name) }, "speech listeners (take check, clip-sound captions)");
  // The words heard in clips' sound, kept by content: clip players' captions and renders share them.
  const clipWords = new ClipWords({ kept: heardWords, storage, tools, aligner: listeners[0], workDir: config.media.tmpDir });

  // The worker and the renders service each wake or ask the other, so each reaches the other lazily.
  const renderWorker = createRenderWorker({
    config,
    jobs: renderJobs,
    shows: showsRepository,
    clips: clipsRepository,
    reels: reelsRepository,
    cabins: staffAccounts.cabins,
    campSettings,
    renderAhead,
    storage,
    tools,
    voice,
    clipWords,
    log,
    choices: (userId, showId) => renders.choicesOf(userId, showId),
  });
  const renders = new RendersService({
    jobs: renderJobs,
    shows: showsRepository,
    clips: clipsRepository,
    storage,
    limits: {
      queuedPerCamper: config.render.queuedPerCamper,
      voice: { needsSynthesis: (...a) => voice.needsSynthesis(...a), checkLimit: (userId) => ai.checkLimit(userId) },
    },
    onQueued: () => renderWorker.kick(),
    cardsOf: campCardsSource(campSettings, users),
    ahead: config.render.ahead ? renderAhead : undefined,
  });

  // Deleting deletes: a reel goes when a video in it does, whichever way (decision 027d).
  const reelsFollow = new ReelsFollowDeletions(reelsRepository, storage, audit);
  const accounts = buildAccounts({ config, limiter, users, sessions, devices: knownDevices, deletionListeners: [clips, reelsFollow] });
  const shows = new ShowsService({
    shows: showsRepository,
    attachClips: (userId, showId, clipIds, executor) => clips.attach(userId, showId, clipIds, executor),
    isKnownVoice: (name) => voiceProvider.voices.includes(name),
    deletionListeners: [clips, voice, renders, reelsFollow],
  });
  const retention = new Retention({
    rules: new RetentionRepository(db),
    media: { clips: clipsRepository, voice: voiceRepository, renderJobs, renderAhead },
    storage,
    audit, afterRun: [() => reelsFollow.sweep()] });
  const campersRepository = new CampersRepository(db);
  const campSessions = new CampSessions({ campers: campersRepository, scopes, retention, storage, audit, deletionListeners: [reelsFollow] });
  const housekeeping = new Housekeeping({
    repositories: {
      knownDevices,
      heardWords,
      quota: quotaRepository,
      uploads: uploadsRepository,
      renderJobs,
      renderAhead,
    },
    storage,
    sessions,
    limiter,
    uploadMaxAgeDays: UPLOAD_MAX_AGE_DAYS,
    tempDirs: [config.media.tmpDir],
    retention,
    campSessions,
    steps: [
      // Render parts nobody used for a while go (a show's next render makes what it needs again).
      async () => {
        for (const key of await renderAhead.evictUnused(config.render.partsKeepHours)) await storage.delete(key);
      },
      () => reelsFollow.sweep(),
    ],
  });
  const repositories = {
    uploads: uploadsRepository,
    shows: showsRepository,
    clips: clipsRepository,
    shots: shotsRepository,
    reels: reelsRepository,
    campers: campersRepository,
    users,
    sessions,
    renderJobs,
    voice: voiceRepository,
    heardWords,
    staffAccounts,
  };
  const clipWork = buildClipWork({ config, log, repositories, storage, tools, quota, limiter, metrics, listeners, clipWords, shots, voice, ai });
  const staffWork = buildStaffWork({ config, db, log, repositories, storage, limiter, audit, scopes, ai, renders, voice, retention, renderWorker });
  return {
    ...accounts,
    ...clipWork,
    ...staffWork,
    limiter,
    campSettings,
    renderAhead,
    metrics,
    ai,
    storage,
    tools,
    clips,
    voice,
    voiceSamples,
    shots,
    shows,
    renderWorker,
    renders,
    retention,
    campSessions,
    housekeeping,
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
