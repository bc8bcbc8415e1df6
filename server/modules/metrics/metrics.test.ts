import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { METRICS_MESSAGES } from "./metrics.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createLoggedTestApp, createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { uploadClip } from "../../../testing/uploads.ts";

const TOKEN = "a-metrics-token-of-some-length";

describe("Prometheus metrics", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app.close());

  const scrape = () => app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });

  it("needs the token when one is set", async () => {
    const none = await app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: METRICS_MESSAGES.needsToken });
    const wrong = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer not-the-token-at-all!!" } });
    expect(wrong.statusCode).toBe(401);
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("reports request durations by route pattern, upload bytes, the render queue, and AI call durations", async () => {
    const camper = await registerCamper(app);
    const video = await webmFixture(2);
    const clip = await uploadClip(app, camper, video);
    await app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } });
    const show = await createShow(app, camper.cookie);
    await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
    await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: { fit: "crop", audio: "original" } });
    await app.inject({ method: "POST", url: "/api/generate-title", headers: { cookie: camper.cookie }, payload: { content: "We paddled across the lake at dawn." } });

    const text = (await scrape()).body;
    expect(text).toMatch(/summer_stories_http_request_duration_seconds_count\{method="PATCH",route="\/api\/uploads\/:id",status_code="204"\} 1/);
    expect(text).toContain('route="/api/clips/:id/media"');
    expect(text).not.toMatch(/route="\/api\/clips\/\d+/);
    expect(text).toContain(`summer_stories_upload_bytes_total ${video.length}`);
    expect(text).toContain("summer_stories_uploads_in_progress 0");
    expect(text).toContain('summer_stories_render_queue_depth{status="queued"} 1');
    expect(text).toMatch(/summer_stories_ai_call_duration_seconds_count\{operation="title",outcome="ok"\} 1/);
    expect(text).toContain("summer_stories_voice_call_duration_seconds");
    expect(text).toContain("summer_stories_process_resident_memory_bytes");
  });
});

describe("/metrics without a token", () => {
  /** An app with NODE_ENV=`env` and no METRICS_TOKEN, and what it said at start-up about metrics. */
  async function started(env: "production" | "development") {
    const { app, log } = await createLoggedTestApp({ NODE_ENV: env });
    const said = log.lines.filter((line) => String(line.msg).startsWith("metrics:"));
    await app.inject({ method: "GET", url: "/api/app-info" });
    const scrape = await app.inject({ method: "GET", url: "/metrics" });
    // Requests timed and process figures collected: none when nobody can read them.
    const timed = (await app.metrics.requestSeconds.get()).values.length;
    const processFigures = (await app.metrics.registry.getMetricsAsJSON()).filter((m) => m.name.startsWith("summer_stories_process_")).length;
    await app.close();
    return { said, scrape, timed, processFigures };
  }

  it("is off in production, times no request, and the start-up log says so", async () => {
    const { said, scrape, timed, processFigures } = await started("production");
    expect(scrape.statusCode).toBe(404);
    expect(timed).toBe(0);
    expect(processFigures).toBe(0);
    expect(scrape.json()).toEqual({ message: METRICS_MESSAGES.off });
    expect(scrape.body).not.toContain("summer_stories_");
    expect(said).toEqual([expect.objectContaining({ level: 40, msg: "metrics: GET /metrics is off in production until METRICS_TOKEN is set" })]);
  });

  it("answers anyone in development, and the start-up log warns that it does", async () => {
    const { said, scrape, timed, processFigures } = await started("development");
    expect(scrape.statusCode).toBe(200);
    expect(timed).toBeGreaterThan(0);
    expect(processFigures).toBeGreaterThan(0);
    expect(scrape.body).toContain("summer_stories_http_request_duration_seconds");
    expect(said).toEqual([expect.objectContaining({ level: 40, msg: "metrics: GET /metrics is open to anyone (NODE_ENV=development, no METRICS_TOKEN)" })]);
  });
});
