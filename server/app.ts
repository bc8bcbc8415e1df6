import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { serializerCompiler } from "./http/serializer.ts";
import { validatorCompiler } from "./http/validator.ts";
import { PRODUCT_NAME } from "../contracts/product.ts";
import type { Database } from "../db/client.ts";
import type { AppConfig } from "./config.ts";
import { registerAuthentication } from "./http/authenticate.ts";
import { CSP_DIRECTIVES } from "./http/content-security-policy.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { registerOriginGuard } from "./http/origin-guard.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { withRedactedRequests } from "./http/request-log.ts";
import { registerWebClient } from "./http/web-client.ts";
import { appInfoRoutes } from "./modules/app-info/app-info.routes.ts";
import { musicRoutes } from "./modules/music/music.routes.ts";
import { CampSettingsRepository } from "./modules/camp-settings/camp-settings.repository.ts";
import { campSettingsRoutes } from "./modules/camp-settings/camp-settings.routes.ts";
import { accountRoutes } from "./modules/auth/account.routes.ts";
import { AccountService } from "./modules/auth/account.service.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { AuthService } from "./modules/auth/auth.service.ts";
import { KnownDevicesRepository } from "./modules/auth/known-devices.repository.ts";
import { PasswordAttempts } from "./modules/auth/password-attempts.ts";
import { SessionsRepository } from "./modules/auth/sessions.repository.ts";
import { UsersRepository } from "./modules/auth/users.repository.ts";
import { createAiWriter } from "./ai/create-ai-writer.ts";
import type { AiWriter } from "./ai/ai-writer.ts";
import { aiRoutes } from "./modules/ai/ai.routes.ts";
import { AiService } from "./modules/ai/ai.service.ts";
import { RateLimiter } from "./modules/rate-limit/limiter.ts";
import { createMediaStorage } from "./media/create-media-storage.ts";
import type { MediaStorage } from "./media/media-storage.ts";
import { resolveVideoTools } from "./media/video-tools.ts";
import { ClipsRepository } from "./modules/clips/clips.repository.ts";
import { ScriptCheckService } from "./modules/clips/script-check.service.ts";
import { scriptCheckRoutes } from "./modules/clips/script-check.routes.ts";
import { ClipCaptionsService } from "./modules/clips/clip-captions.service.ts";
import { ClipHeardWordsRepository } from "./modules/clips/clip-heard-words.repository.ts";
import { ClipWords } from "./modules/clips/clip-words.service.ts";
import { clipsRoutes } from "./modules/clips/clips.routes.ts";
import { VideoSectionsService } from "./modules/clips/video-sections.service.ts";
import { videoSectionsRoutes } from "./modules/clips/video-sections.routes.ts";
import { ClipsService } from "./modules/clips/clips.service.ts";
import { UploadsRepository } from "./modules/clips/uploads.repository.ts";
import { uploadsRoutes } from "./modules/clips/uploads.routes.ts";
import { UploadsService } from "./modules/clips/uploads.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { AppMetrics, registerMetrics } from "./modules/metrics/metrics.ts";
import { Housekeeping } from "./modules/housekeeping/housekeeping.ts";
import { RenderJobsRepository } from "./modules/renders/render-jobs.repository.ts";
import { RenderWorker } from "./modules/renders/render-worker.ts";
import { rendersRoutes } from "./modules/renders/renders.routes.ts";
import { campCardsSource, RendersService } from "./modules/renders/renders.service.ts";
import { RenderAheadRepository } from "./modules/renders/render-ahead.repository.ts";
import { registerPrepareTriggers } from "./modules/renders/prepare-triggers.ts";
import { StoryLengthService } from "./modules/renders/story-length.service.ts";
import { VoiceRepository } from "./modules/voice/voice.repository.ts";
import { voiceRoutes } from "./modules/voice/voice.routes.ts";
import { VoiceService } from "./modules/voice/voice.service.ts";
import { createVoiceProvider } from "./voice/create-voice-provider.ts";
import { createSpeechListeners } from "./speech/create-speech-aligner.ts";
import type { VoiceProvider } from "./voice/voice-provider.ts";
import { ShowVideos } from "./modules/reviews/show-videos.ts";
import { ReviewsRepository } from "./modules/reviews/reviews.repository.ts";
import { reviewsRoutes, staffRoutes } from "./modules/reviews/reviews.routes.ts";
import { ReviewsService } from "./modules/reviews/reviews.service.ts";
import { personalDetailsRoutes } from "./modules/personal-details/personal-details.routes.ts";
import { PersonalDetailsService } from "./modules/personal-details/personal-details.service.ts";
import { OpinionsRepository } from "./modules/personal-details/opinions.repository.ts";
import { OpenAiSecondOpinion } from "./privacy/ai-second-opinion.ts";
import { AuditLog } from "./modules/staff/audit-log.ts";
import { StaffScopes } from "./modules/staff/staff-scope.ts";
import { CardsRepository } from "./modules/cards/cards.repository.ts";
import { cardsRoutes } from "./modules/cards/cards.routes.ts";
import { CardsService } from "./modules/cards/cards.service.ts";
import { StaffTeam } from "./modules/staff/team.service.ts";
import { teamRoutes } from "./modules/staff/team.routes.ts";
import { CampSessions } from "./modules/roster/camp-sessions.service.ts";
import { CampersRepository } from "./modules/roster/campers.repository.ts";
import { campersRoutes } from "./modules/roster/campers.routes.ts";
import { CampersService } from "./modules/roster/campers.service.ts";
import { rosterRoutes } from "./modules/roster/roster.routes.ts";
import { RosterService } from "./modules/roster/roster.service.ts";
import { BoardRepository } from "./modules/board/board.repository.ts";
import { boardRoutes } from "./modules/board/board.routes.ts";
import { BoardService } from "./modules/board/board.service.ts";
import { SharesRepository } from "./modules/shares/shares.repository.ts";
import { sharesRoutes, watchRoutes } from "./modules/shares/shares.routes.ts";
import { SharesService } from "./modules/shares/shares.service.ts";
import { ShowsRepository } from "./modules/shows/shows.repository.ts";
import { DataExport } from "./modules/export/data-export.ts";
import { exportRoutes } from "./modules/export/export.routes.ts";
import { Retention } from "./modules/retention/retention.ts";
import { retentionRoutes } from "./modules/retention/retention.routes.ts";
import { showsRoutes } from "./modules/shows/shows.routes.ts";
import { ShotsRepository } from "./modules/shots/shots.repository.ts";
import { shotsRoutes } from "./modules/shots/shots.routes.ts";
import { ShotsService } from "./modules/shots/shots.service.ts";
import { ShowsService } from "./modules/shows/shows.service.ts";
import { StorageQuota } from "./modules/storage-quota/storage-quota.ts";
import { StorageQuotaRepository } from "./modules/storage-quota/storage-quota.repository.ts";
import { CabinZip } from "./modules/reels/cabin-zip.ts";
import { musicFileOf } from "./modules/music/music-library.ts";
import { ReelRenderer } from "./modules/reels/reel-renderer.ts";
import { ReelsFollowDeletions } from "./modules/reels/reels-follow-deletions.ts";
import { ReelsRepository } from "./modules/reels/reels.repository.ts";
import { reelsRoutes } from "./modules/reels/reels.routes.ts";
import { ReelsService } from "./modules/reels/reels.service.ts";

export interface AppDeps {
  config: AppConfig;
  db: Database;
  /** Folder of the built web client; omitted, the server answers the API only. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** Defaults to the writer the config names. */
  aiWriter?: AiWriter;
  /** Defaults to the storage the config names (S3 when S3_BUCKET is set, else local disk). */
  mediaStorage?: MediaStorage;
  /** Defaults to the voice the config names. */
  voiceProvider?: VoiceProvider;
}

/** Fastify counts hops with a function (its types have no plain number); a list or false passes as is. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

/** JSON bodies are small (the largest is a 20,000-character narration); media has its own routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole HTTP app from its dependencies. It never listens and never reads the
 * environment: main.ts does that, and tests call this with their own database and config.
 */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const app = Fastify({
    logger: withRedactedRequests(deps.logger),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Keeps ids out of access logs' query strings and avoids unbounded parameter parsing.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app serves, so a test can prove the authorization matrix covers them all.
  const apiRoutes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of [route.method].flat()) if (method !== "HEAD") apiRoutes.push({ method, url: route.url });
  });
  app.decorate("apiRoutes", apiRoutes);
  // A request without a body has nothing to decompress: no preParsing hook for GET and HEAD routes
  // (it ran on every signed-in list only to find no Content-Encoding). Runs before compress's onRoute.
  app.addHook("onRoute", (route) => {
    if (route.decompress === undefined && [route.method].flat().every((method) => method === "GET" || method === "HEAD")) route.decompress = false;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  // Before every route: the OpenAPI document collects the routes as they are added.
  await registerOpenApi(app);

  // Brotli or gzip for API answers (the built client's files are compressed once, at build time).
  // Partial (Range) answers and media are left alone; SSE streams bypass it (hijacked replies).
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.media.maxUploadBytes + 1, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  registerSecurityHeaders(app, {
    // Our HTML pages send their own policy: this one plus the hashes of their inline styles.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    xFrameOptions: { action: "deny" },
    // The app is also served over plain HTTP on a camp's local network: HSTS only for HTTPS, set by
    // registerSecurityHeaders itself.
    strictTransportSecurity: false,
  });

  const limiter = new RateLimiter(db);
  const sessions = new SessionsRepository(db);
  const knownDevices = new KnownDevicesRepository(db);
  const users = new UsersRepository(db);
  const attempts = new PasswordAttempts(limiter);
  const auth = new AuthService(users, sessions, knownDevices, limiter, attempts, config.rateLimits, config.session.ttlDays);
  const accounts = new AccountService(users, sessions, attempts, config.rateLimits.loginFailuresPerUsername);

  registerOriginGuard(app, config.allowedOrigins);
  registerAuthentication(app, auth);
  // Before the routes, so its hook covers them; the worker it wakes is made further down.
  const renderAhead = new RenderAheadRepository(db);
  let wakeRenderWorker = () => {};
  if (config.render.ahead) {
    registerPrepareTriggers(app, {
      ahead: renderAhead,
      debounceMs: config.render.prepareDebounceMs,
      maxWaitMs: config.render.prepareMaxWaitMs,
      kick: () => wakeRenderWorker(),
      log: app.log,
    });
  }

  const appInfo = { productName: PRODUCT_NAME, campTitle: config.camp.title, campYear: config.camp.year };
  await app.register(appInfoRoutes, { info: appInfo });
  await app.register(musicRoutes);
  const campSettings = new CampSettingsRepository(db, config.camp.title);
  await app.register(campSettingsRoutes, { settings: campSettings });
  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { accounts });
  const showsRepository = new ShowsRepository(db);
  const shows = new ShowsService(showsRepository);
  await app.register(showsRoutes, { shows });

  const metrics = new AppMetrics(db);
  registerMetrics(app, metrics, config.metricsToken, config.env);
  app.decorate("metrics", metrics);

  const aiWriter = metrics.timeAiWriter(deps.aiWriter ?? createAiWriter(config.ai));
  const ai = new AiService(aiWriter, limiter, config.ai.requestsPerMinute);
  await app.register(aiRoutes, { ai });

  const storage = deps.mediaStorage ?? (await createMediaStorage(config.media));
  const clipsRepository = new ClipsRepository(db);
  const clips = new ClipsService(clipsRepository, showsRepository, storage);
  shows.onShowDeleted(clips);
  shows.setClipAttacher((userId, showId, clipIds) => clips.setShowClips(userId, showId, clipIds));
  accounts.onAccountDeleted(clips);
  const videoTools = resolveVideoTools(config.media);
  app.log.info({ ffmpeg: videoTools.ffmpeg, ffprobe: videoTools.ffprobe, sources: videoTools.sources }, "video tools");
  const shotsRepository = new ShotsRepository(db);
  const quota = new StorageQuota(new StorageQuotaRepository(db), config.media.quota);
  const uploads = new UploadsService(new UploadsRepository(db), storage, clipsRepository, showsRepository, shotsRepository, videoTools, config.media.maxUploadBytes, quota, {
    started: () => metrics.uploadsInProgress.inc(),
    finished: (bytes) => {
      metrics.uploadsInProgress.dec();
      metrics.uploadBytes.inc(bytes);
    },
  });
  const voiceProvider = metrics.timeVoice(deps.voiceProvider ?? createVoiceProvider(config));
  const voice = new VoiceService(new VoiceRepository(db), showsRepository, storage, voiceProvider, videoTools, quota);
  shows.setVoiceCheck((name) => voiceProvider.voices.includes(name));
  shows.onShowDeleted(voice);
  await app.register(voiceRoutes, { voice, storage, ai });
  const shots = new ShotsService(shotsRepository, showsRepository, voice);
  await app.register(shotsRoutes, { shots });
  // One listener rule for clip-sound captions (the first) and the take check (each in turn).
  const listeners = createSpeechListeners(config);
  const speech = listeners[0];
  app.log.info({ listeners: listeners.map((l) => l.name) }, "speech listeners (take check, clip-sound captions)");
  // The words heard in clips' sound, kept by content: clip players' captions and renders share them.
  const clipWords = new ClipWords(new ClipHeardWordsRepository(db), storage, videoTools, speech, config.media.tmpDir);
  const renderJobs = new RenderJobsRepository(db);
  const reelsRepository = new ReelsRepository(db);
  const renderWorker = new RenderWorker(renderJobs, showsRepository, storage, clipsRepository, voice, videoTools, {
    concurrency: config.render.concurrency,
    clipWords,
    reels: new ReelRenderer(reelsRepository, storage, videoTools, campSettings),
    workDir: config.media.tmpDir,
    musicFile: musicFileOf,
    x264Preset: config.render.x264Preset,
    log: app.log,
    ahead: config.render.ahead
      ? { repo: renderAhead, prepareConcurrency: config.render.prepareConcurrency, choices: (userId, showId) => renders.choicesOf(userId, showId) }
      : undefined,
  });
  const renders = new RendersService(
    renderJobs,
    showsRepository,
    clipsRepository,
    storage,
    { queuedPerCamper: config.render.queuedPerCamper, voice: { needsSynthesis: (...a) => voice.needsSynthesis(...a), checkLimit: (userId) => ai.checkLimit(userId) } },
    () => renderWorker.kick(),
    campCardsSource(campSettings, users),
    config.render.ahead ? renderAhead : undefined,
  );
  wakeRenderWorker = () => renderWorker.kick();
  shows.onShowDeleted(renders);
  app.decorate("renderWorker", renderWorker);
  const audit = new AuditLog(db);
  const retention = new Retention(db, storage, audit);
  const scopes = new StaffScopes(db);
  const campersRepository = new CampersRepository(db);
  const campSessions = new CampSessions(campersRepository, scopes, retention, storage, audit);
  const housekeeping = new Housekeeping(db, storage, sessions, limiter, 7, [config.media.tmpDir], retention, campSessions);
  // Render parts nobody used for a while go (a show's next render makes what it needs again).
  housekeeping.onRun(async () => {
    for (const key of await renderAhead.evictUnused(config.render.partsKeepHours)) await storage.delete(key);
  });
  app.decorate("housekeeping", housekeeping);
  app.decorate("uploads", uploads);
  app.addHook("onClose", async () => {
    housekeeping.stop();
    // Uploads cut by the shutdown save their offset and release their lock before the database goes.
    await uploads.drain(10_000);
    await renderWorker.stop();
  });
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  await app.register(healthRoutes, { db, storage, isClosing: () => closing, operatorToken: config.metricsToken });
  const storyLength = new StoryLengthService(showsRepository, clipsRepository, voice, ai);
  await app.register(rendersRoutes, { renders, storyLength });
  const clipCaptions = new ClipCaptionsService(clipsRepository, showsRepository, videoTools, clipWords, limiter, config.speech.captionListensPerMinute);
  await app.register(clipsRoutes, { clips, captions: clipCaptions });
  await app.register(videoSectionsRoutes, { sections: new VideoSectionsService(clipsRepository, showsRepository, shotsRepository) });
  const scriptCheck = new ScriptCheckService(
    clipsRepository,
    shotsRepository,
    storage,
    videoTools,
    listeners,
    limiter,
    config.media.tmpDir,
    app.log,
    (userId, showId) => shots.list(userId, showId),
    (userId, showId, clipId) => shots.useBetterTake(userId, showId, clipId),
  );
  await app.register(scriptCheckRoutes, { scriptCheck });
  await app.register(uploadsRoutes, { uploads });
  // Which video is which (decision 026a): the camper's current video by the same fingerprint renders reuse.
  const showVideos = new ShowVideos(new ReviewsRepository(db), (show) => renders.currentFingerprint(show));
  // The AI provider, when the camp configured one, gives the personal-details check a second opinion.
  const secondOpinion = config.ai.provider === "openai" ? new OpenAiSecondOpinion(config.ai) : null;
  const personalDetails = new PersonalDetailsService(db, showVideos, storage, secondOpinion, app.log, new OpinionsRepository(db), (userId) =>
    ai.checkLimit(userId),
  );
  await app.register(personalDetailsRoutes, { personalDetails });
  const reviews = new ReviewsService(showVideos, audit, personalDetails, scopes);
  await app.register(reviewsRoutes, { reviews });
  await app.register(staffRoutes, { reviews, storage, videoTools });
  await app.register(boardRoutes, { board: new BoardService(new BoardRepository(db), scopes, config.review.required) });
  await app.register(retentionRoutes, { retention });
  await app.register(cardsRoutes, { cards: new CardsService(new CardsRepository(db), users, sessions, scopes, audit) });
  await app.register(rosterRoutes, { roster: new RosterService(db, audit) });
  await app.register(campersRoutes, { campers: new CampersService(db, campersRepository, scopes, audit), sessions: campSessions });
  await app.register(teamRoutes, { team: new StaffTeam(db, storage, audit) });
  const shares = new SharesService(new SharesRepository(db), showVideos, audit, config.review.required, personalDetails, (found) =>
    reviews.send(found, null),
    scopes,
  );
  const exporter = new DataExport(db, storage, reviews, voice, async (userId, showId) => (await shares.listForOwner(userId, showId)).links);
  await app.register(exportRoutes, { exporter, limiter, audit, scopes });
  await app.register(sharesRoutes, { shares });
  // Cabin reels and the closing-night zip (decision 027d): reels render on the same queue and workers.
  const reels = new ReelsService(reelsRepository, scopes, audit, storage, shares, () => renderWorker.kick());
  await app.register(reelsRoutes, { reels, cabinZip: new CabinZip(reelsRepository, scopes, storage, audit) });
  // Deleting deletes: a reel goes when a video in it does, whichever way (decision 027d).
  const reelsFollow = new ReelsFollowDeletions(reelsRepository, storage, audit);
  shows.onShowDeleted(reelsFollow);
  accounts.onAccountDeleted(reelsFollow);
  retention.onMediaDeleted(() => reelsFollow.sweep());
  campSessions.onSessionDeleted(reelsFollow);
  housekeeping.onRun(() => reelsFollow.sweep());
  await app.register(watchRoutes, { shares, storage, limiter, lookupsPerMinute: config.share.lookupsPerMinute, info: appInfo });

  // The API's OpenAPI document (decision 027g): public, like the API's shape is to any client.
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  registerWebClient(app, deps.webRoot, appInfo);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string }[];
    /** Background renders; main.ts starts it, tests drive it with runNext(). */
    renderWorker: RenderWorker;
    /** Hourly clean-up of expired sessions, old counters and abandoned uploads; main.ts starts it. */
    housekeeping: Housekeeping;
    /** Prometheus metrics of this instance (GET /metrics). */
    metrics: AppMetrics;
    uploads: UploadsService;
  }
}
