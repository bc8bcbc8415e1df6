import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { PRODUCT_NAME } from "../contracts/product.ts";
import type { Database } from "../db/client.ts";
import type { AppConfig } from "./config.ts";
import { registerAuthentication } from "./http/authenticate.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { registerOriginGuard } from "./http/origin-guard.ts";
import { appInfoRoutes } from "./modules/app-info/app-info.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { AuthService } from "./modules/auth/auth.service.ts";
import { SessionsRepository } from "./modules/auth/sessions.repository.ts";
import { UsersRepository } from "./modules/auth/users.repository.ts";
import { createAiWriter } from "./ai/create-ai-writer.ts";
import type { AiWriter } from "./ai/ai-writer.ts";
import { aiRoutes } from "./modules/ai/ai.routes.ts";
import { AiService } from "./modules/ai/ai.service.ts";
import { RateLimiter } from "./modules/rate-limit/limiter.ts";
import { LocalMediaStorage } from "./media/local-media-storage.ts";
import type { MediaStorage } from "./media/media-storage.ts";
import { resolveVideoTools } from "./media/video-tools.ts";
import { ClipsRepository } from "./modules/clips/clips.repository.ts";
import { clipsRoutes } from "./modules/clips/clips.routes.ts";
import { ClipsService } from "./modules/clips/clips.service.ts";
import { uploadsRoutes } from "./modules/clips/uploads.routes.ts";
import { UploadsService } from "./modules/clips/uploads.service.ts";
import { Housekeeping } from "./modules/housekeeping/housekeeping.ts";
import { RenderWorker } from "./modules/renders/render-worker.ts";
import { rendersRoutes } from "./modules/renders/renders.routes.ts";
import { RendersService } from "./modules/renders/renders.service.ts";
import { voiceRoutes } from "./modules/voice/voice.routes.ts";
import { VoiceService } from "./modules/voice/voice.service.ts";
import { createVoiceProvider } from "./voice/create-voice-provider.ts";
import type { VoiceProvider } from "./voice/voice-provider.ts";
import { ShowsRepository } from "./modules/shows/shows.repository.ts";
import { showsRoutes } from "./modules/shows/shows.routes.ts";
import { ShowsService } from "./modules/shows/shows.service.ts";

export interface AppDeps {
  config: AppConfig;
  db: Database;
  /** Folder of the built web client; omitted, the server answers the API only. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** Defaults to the writer the config names. */
  aiWriter?: AiWriter;
  /** Defaults to local disk under the config's media folder. */
  mediaStorage?: MediaStorage;
  /** Defaults to the voice the config names. */
  voiceProvider?: VoiceProvider;
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
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.media.maxUploadBytes + 1, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "connect-src": ["'self'"],
        "upgrade-insecure-requests": null,
      },
    },
    // The app is also served over plain HTTP on a camp's local network.
    strictTransportSecurity: false,
  });

  const limiter = new RateLimiter(db);
  const sessions = new SessionsRepository(db, config.session.ttlDays);
  const auth = new AuthService(new UsersRepository(db), sessions, limiter, config.rateLimits);

  registerOriginGuard(app, config.allowedOrigins);
  registerAuthentication(app, auth);

  await app.register(appInfoRoutes, {
    info: { productName: PRODUCT_NAME, campTitle: config.camp.title, campYear: config.camp.year },
  });
  await app.register(authRoutes, { auth, sessionMaxAgeSeconds: sessions.ttlSeconds });
  const showsRepository = new ShowsRepository(db);
  const shows = new ShowsService(showsRepository);
  await app.register(showsRoutes, { shows });

  const aiWriter = deps.aiWriter ?? createAiWriter(config.ai);
  const ai = new AiService(aiWriter, limiter, config.ai.requestsPerMinute);
  await app.register(aiRoutes, { ai });

  const storage = deps.mediaStorage ?? new LocalMediaStorage(config.media.dir);
  const clipsRepository = new ClipsRepository(db);
  const clips = new ClipsService(clipsRepository, showsRepository, storage);
  shows.onShowDeleted(clips);
  auth.onAccountDeleted(clips);
  const videoTools = resolveVideoTools(config.media);
  const uploads = new UploadsService(db, storage, clipsRepository, videoTools, config.media.maxUploadBytes);
  const voice = new VoiceService(db, storage, deps.voiceProvider ?? createVoiceProvider(config), videoTools);
  shows.onShowDeleted(voice);
  await app.register(voiceRoutes, { voice, storage, ai });
  const renderWorker = new RenderWorker(db, storage, clipsRepository, voice, videoTools, {
    concurrency: config.render.concurrency,
    log: app.log,
  });
  const renders = new RendersService(db, clipsRepository, storage, () => renderWorker.kick());
  shows.onShowDeleted(renders);
  app.decorate("renderWorker", renderWorker);
  const housekeeping = new Housekeeping(db, storage, sessions, limiter);
  app.decorate("housekeeping", housekeeping);
  app.addHook("onClose", async () => {
    housekeeping.stop();
    await renderWorker.stop();
  });
  await app.register(rendersRoutes, { renders });
  await app.register(clipsRoutes, { clips });
  await app.register(uploadsRoutes, { uploads });

  registerWebClient(app, deps.webRoot);
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
  }
}

/** Serves the built single-page client, with index.html for every non-API path (client routing). */
function registerWebClient(app: App, webRoot: string | undefined) {
  const hasClient = webRoot !== undefined && existsSync(path.join(webRoot, "index.html"));
  if (hasClient) {
    app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite names built assets by content hash, so they never change under one name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (hasClient && isPage) {
      if (/\.[a-z0-9]+$/i.test(request.url.split("?")[0]!) && !request.url.endsWith(".html")) {
        return reply.code(404).send({ message: "File not found" });
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: `No API route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
