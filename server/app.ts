import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { serializerCompiler } from "./http/serializer.ts";
import { validatorCompiler } from "./http/validator.ts";
import { PRODUCT_NAME } from "../contracts/product.ts";
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
import { buildServices, type ServiceDeps } from "./composition/services.ts";
import { registerRoutes } from "./composition/routes.ts";
import type { AppMetrics } from "./modules/metrics/metrics.ts";
import type { Housekeeping } from "./modules/housekeeping/housekeeping.ts";
import type { RenderWorker } from "./modules/renders/render-worker.ts";
import type { UploadsService } from "./modules/clips/uploads.service.ts";
import { registerPrepareTriggers } from "./modules/renders/prepare-triggers.ts";

export interface AppDeps extends Omit<ServiceDeps, "log"> {
  /** Folder of the built web client; omitted, the server answers the API only. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
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

  const services = await buildServices({ ...deps, log: app.log });
  const { renderWorker, housekeeping, uploads } = services;

  registerOriginGuard(app, config.allowedOrigins);
  registerAuthentication(app, services.auth);
  // Before the routes, so its hook covers them.
  if (config.render.ahead) {
    registerPrepareTriggers(app, {
      ahead: services.renderAhead,
      debounceMs: config.render.prepareDebounceMs,
      maxWaitMs: config.render.prepareMaxWaitMs,
      kick: () => renderWorker.kick(),
      log: app.log,
    });
  }

  const info = { productName: PRODUCT_NAME, campTitle: config.camp.title, campYear: config.camp.year };
  let closing = false;
  await registerRoutes(app, services, { config, db, info, isClosing: () => closing });
  app.decorate("metrics", services.metrics);
  app.decorate("renderWorker", renderWorker);
  app.decorate("housekeeping", housekeeping);
  app.decorate("uploads", uploads);
  app.addHook("onClose", async () => {
    housekeeping.stop();
    // Uploads cut by the shutdown save their offset and release their lock before the database goes.
    await uploads.drain(10_000);
    await renderWorker.stop();
  });
  app.addHook("preClose", async () => {
    closing = true;
  });

  // The API's OpenAPI document (decision 027g): public, like the API's shape is to any client.
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  registerWebClient(app, deps.webRoot, info);
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
