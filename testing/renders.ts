import path from "node:path";
import { eq } from "drizzle-orm";
import type { RenderJob, StartRenderBody } from "../contracts/renders.ts";
import { renderJobs } from "../db/schema/index.ts";
import type { App } from "../server/app.ts";
import { webmFixture } from "./media-fixtures.ts";
import { createShow, TEST_DATA_DIR, type SignedInClient } from "./test-app.ts";
import { testDatabase } from "./test-database.ts";
import { uploadClip } from "./uploads.ts";

/** Puts one recorded clip on the camper's show (real upload, remux and probe). */
export async function attachClip(app: App, camper: SignedInClient, showId: number, seconds = 1) {
  const clip = await uploadClip(app, camper, await webmFixture(seconds));
  const res = await app.inject({ method: "PUT", url: `/api/recordings/${showId}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
  if (res.statusCode !== 200) throw new Error(`attach clip failed: ${res.statusCode} ${res.body}`);
  return clip;
}

/** Renders the show's final video with ffmpeg through the app's own worker and returns the finished job. */
export async function renderFinalVideo(app: App, camper: SignedInClient, showId: number, options: StartRenderBody = {}): Promise<RenderJob> {
  const start = await app.inject({ method: "POST", url: `/api/recordings/${showId}/renders`, headers: { cookie: camper.cookie }, payload: options });
  if (start.statusCode !== 202 && start.statusCode !== 200) throw new Error(`render failed to start: ${start.statusCode} ${start.body}`);
  const job = start.json() as RenderJob;
  while ((await app.renderWorker.runNext()) !== undefined) {
    // run queued renders until none is left
  }
  const done = (await app.inject({ method: "GET", url: `/api/renders/${job.id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
  if (done.status !== "done") throw new Error(`render ${job.id} ended ${done.status}: ${done.message}`);
  return done;
}

/** Where a finished render's video lies in the test app's local media storage. */
export async function renderOutputPath(renderJobId: number): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db.select({ outputKey: renderJobs.outputKey }).from(renderJobs).where(eq(renderJobs.id, renderJobId));
  if (!row?.outputKey) throw new Error(`render ${renderJobId} has no output`);
  return path.join(TEST_DATA_DIR, "media", ...row.outputKey.split("/"));
}

/** A render test's requests as one camper makes them, on the app `app()` returns, with clips of `clipBytes()`. */
export function renderRequests(app: () => App, clipBytes: () => Buffer) {
  return {
    async showWithTwoClips(camper: SignedInClient, overrides: { videoFormat?: string; narration?: string } = {}) {
      const show = await createShow(app(), camper.cookie, { narration: "We filmed the lake.", ...overrides });
      const a = await uploadClip(app(), camper, clipBytes(), "A");
      const b = await uploadClip(app(), camper, clipBytes(), "B");
      await app().inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [a.id, b.id] } });
      return show;
    },

    async startRender(camper: SignedInClient, showId: number, body: object) {
      const res = await app().inject({ method: "POST", url: `/api/recordings/${showId}/renders`, headers: { cookie: camper.cookie }, payload: body });
      return { status: res.statusCode, job: res.json() as RenderJob };
    },

    async job(camper: SignedInClient, id: number): Promise<RenderJob> {
      return (await app().inject({ method: "GET", url: `/api/renders/${id}`, headers: { cookie: camper.cookie } })).json();
    },
  };
}
