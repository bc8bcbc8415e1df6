import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AiWriter } from "../../ai/ai-writer.ts";
import type { VoiceProvider } from "../../voice/voice-provider.ts";
import { carriesOperatorToken } from "../../http/operator-token.ts";
import type { RenderJobsRepository } from "../renders/render-jobs.repository.ts";

const PREFIX = "summer_stories_";

/**
 * Prometheus metrics of one app instance, in a registry of its own (several apps in one test
 * process must not share counters). Render queue figures come from the database at scrape time, so
 * any instance reports the whole cluster's queue, and the render workers need no HTTP of their own.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requestSeconds: Histogram<"method" | "route" | "status_code">;
  readonly uploadsInProgress: Gauge;
  readonly uploadBytes: Counter;
  readonly aiSeconds: Histogram<"operation" | "outcome">;
  readonly voiceSeconds: Histogram<"provider" | "outcome">;

  /**
   * `readable`: whether GET /metrics can answer anyone in this process's life (`metricsAccess`). When it
   * cannot, the process figures (memory, event-loop delay, garbage collections) are not collected: their
   * event-loop delay sampler and garbage-collection observer run on all the time, for nobody.
   */
  constructor(renderJobs: Pick<RenderJobsRepository, "queueDepth" | "durationQuantilesLastHour" | "finishedLastHour">, readable = true) {
    if (readable) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.requestSeconds = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "HTTP request durations by route pattern",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    this.uploadsInProgress = new Gauge({
      name: `${PREFIX}uploads_in_progress`,
      help: "Upload requests (tus PATCH, multipart) receiving bytes on this instance right now",
      registers: [this.registry],
    });
    this.uploadBytes = new Counter({
      name: `${PREFIX}upload_bytes_total`,
      help: "Media bytes stored from uploads on this instance",
      registers: [this.registry],
    });
    this.aiSeconds = new Histogram({
      name: `${PREFIX}ai_call_duration_seconds`,
      help: "AI writer calls (offline or provider) by operation and outcome",
      labelNames: ["operation", "outcome"],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [this.registry],
    });
    this.voiceSeconds = new Histogram({
      name: `${PREFIX}voice_call_duration_seconds`,
      help: "Speech synthesis calls by provider and outcome",
      labelNames: ["provider", "outcome"],
      buckets: [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [this.registry],
    });
    new Gauge({
      name: `${PREFIX}render_queue_depth`,
      help: "Render jobs waiting (queued) and being rendered (running), across all workers",
      labelNames: ["status"],
      registers: [this.registry],
      async collect() {
        const rows = await renderJobs.queueDepth();
        this.reset();
        for (const status of ["queued", "running"]) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}render_duration_seconds`,
      help: "Time from queued to done of renders finished in the last hour, across all workers (quantiles)",
      labelNames: ["quantile"],
      registers: [this.registry],
      async collect() {
        const row = await renderJobs.durationQuantilesLastHour();
        this.reset();
        if (row?.p50 == null) return;
        this.set({ quantile: "0.5" }, Number(row.p50));
        this.set({ quantile: "0.9" }, Number(row.p90));
        this.set({ quantile: "0.99" }, Number(row.p99));
      },
    });
    new Gauge({
      name: `${PREFIX}renders_finished_last_hour`,
      help: "Render jobs that ended in the last hour, by outcome, across all workers",
      labelNames: ["status"],
      registers: [this.registry],
      async collect() {
        const rows = await renderJobs.finishedLastHour();
        this.reset();
        for (const status of ["done", "failed"]) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      },
    });
  }

  /** The AI writer with every call timed. */
  timeAiWriter(writer: AiWriter): AiWriter {
    const timed = <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const end = this.aiSeconds.startTimer({ operation });
        try {
          const result = await call(...args);
          end({ outcome: "ok" });
          return result;
        } catch (error) {
          end({ outcome: "error" });
          throw error;
        }
      };
    return {
      providerName: writer.providerName,
      model: writer.model,
      deterministic: writer.deterministic,
      writeNarration: timed("narration", writer.writeNarration.bind(writer)),
      editNarration: timed("edit", writer.editNarration.bind(writer)),
      fitNarration: timed("fit", writer.fitNarration.bind(writer)),
      writeTitle: timed("title", writer.writeTitle.bind(writer)),
      chat: timed("chat", writer.chat.bind(writer)),
      status: writer.status.bind(writer),
    };
  }

  /** The voice provider with every synthesis timed. */
  timeVoice(provider: VoiceProvider): VoiceProvider {
    const histogram = this.voiceSeconds;
    return Object.assign(Object.create(provider) as VoiceProvider, {
      async synthesize(text: string, voice: string, signal?: AbortSignal) {
        const end = histogram.startTimer({ provider: provider.providerName });
        try {
          const audio = await provider.synthesize(text, voice, signal);
          end({ outcome: "ok" });
          return audio;
        } catch (error) {
          end({ outcome: "error" });
          throw error;
        }
      },
    });
  }
}

/** Who may read /metrics: the token's bearers, or anyone outside production when no token is set. */
export type MetricsAccess = "token" | "off" | "open";

/**
 * The rule: with METRICS_TOKEN, its bearers; without one, nobody in production (NODE_ENV=production,
 * also the default of `npm start`), where the address may be public, and anyone in development or tests.
 */
export function metricsAccess(token: string | undefined, env: string): MetricsAccess {
  if (token !== undefined) return "token";
  return env === "production" ? "off" : "open";
}

export const METRICS_MESSAGES = {
  needsToken: "Send the metrics token as a Bearer token",
  off: "Metrics are off on this server: set METRICS_TOKEN to read them",
} as const;

/** GET /metrics as METRICS_TOKEN and NODE_ENV allow it, and the request timing it reports. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | undefined, env: string) {
  const access = metricsAccess(token, env);
  // Said at start-up, so an operator knows why a scrape gets 404 (or that anyone may read them).
  if (access === "token") app.log.info("metrics: GET /metrics answers the METRICS_TOKEN bearer only");
  else if (access === "off") app.log.warn("metrics: GET /metrics is off in production until METRICS_TOKEN is set");
  else app.log.warn(`metrics: GET /metrics is open to anyone (NODE_ENV=${env}, no METRICS_TOKEN)`);
  // With metrics off nobody can read a request's timing for the life of the process (the token is
  // start-up config), so no request pays for recording it: a label lookup and a histogram update on
  // every answer were about 1 % of a list request's CPU (decision 029b).
  if (access !== "off") registerRequestTiming(app, metrics);

  app.get("/metrics", async (request, reply) => {
    if (access === "off") return reply.code(404).send({ message: METRICS_MESSAGES.off });
    if (access === "token" && !carriesOperatorToken(request.headers.authorization, token)) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ message: METRICS_MESSAGES.needsToken });
    }
    const body = await metrics.registry.metrics();
    return reply.header("content-type", metrics.registry.contentType).header("cache-control", "no-store").send(body);
  });
}

/** Times every request by its route pattern (never the raw URL, whose ids would explode the labels). */
function registerRequestTiming(app: FastifyInstance, metrics: AppMetrics) {
  // Synchronous: it waits on nothing, and an async hook costs every request a promise.
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route !== "/metrics") {
      metrics.requestSeconds.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });
}
