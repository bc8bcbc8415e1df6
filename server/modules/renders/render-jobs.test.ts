import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_MESSAGES } from "../../../contracts/renders.ts";
import type { App } from "../../app.ts";
import { renderRequests } from "../../../testing/renders.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip } from "../../../testing/uploads.ts";

let app: App;
let clipBytes: Buffer;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  clipBytes = await webmFixture(2);
});
afterAll(() => app.close());

const { showWithTwoClips, startRender, job } = renderRequests(() => app, () => clipBytes);

describe("render jobs", () => {
  it("refuses a show with no clips, and another camper's show is 404", async () => {
    const camper = await registerCamper(app);
    const empty = await createShow(app, camper.cookie);
    const res = await app.inject({ method: "POST", url: `/api/recordings/${empty.id}/renders`, headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RENDER_MESSAGES.noClips });

    const show = await showWithTwoClips(camper);
    const other = await registerCamper(app);
    const foreign = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    const { job: mine } = await startRender(camper, show.id, {});
    expect((await app.inject({ method: "GET", url: `/api/renders/${mine.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const notReady = await app.inject({ method: "GET", url: `/api/renders/${mine.id}/media`, headers: { cookie: camper.cookie } });
    expect(notReady.statusCode).toBe(409);
  });

  it("runs queued renders one at a time, in order", async () => {
    const camper = await registerCamper(app);
    const first = await startRender(camper, (await showWithTwoClips(camper)).id, { fit: "crop" });
    const second = await startRender(camper, (await showWithTwoClips(camper)).id, { fit: "fit" });
    expect(await app.renderWorker.runNext()).toBe(first.job.id);
    expect((await job(camper, second.job.id)).status).toBe("queued");
    expect(await app.renderWorker.runNext()).toBe(second.job.id);
    expect((await job(camper, second.job.id)).status).toBe("done");
    expect(await app.renderWorker.runNext()).toBeUndefined();
  }, 120_000);

  it("leaves no job stuck after a restart: a running job is picked up again and finishes", async () => {
    const camper = await registerCamper(app);
    const show = await showWithTwoClips(camper);
    const { job: queued } = await startRender(camper, show.id, {});
    // A worker that died mid-render: the row says running, its heartbeat is old.
    const { db } = await testDatabase();
    await db.execute(sql`UPDATE render_jobs SET status = 'running', locked_by = 'gone', attempts = 1, heartbeat_at = now() - interval '5 minutes' WHERE id = ${queued.id}`);
    expect(await app.renderWorker.runNext()).toBeUndefined();
    await app.renderWorker.recoverStale();
    expect((await job(camper, queued.id)).status).toBe("queued");
    expect(await app.renderWorker.runNext()).toBe(queued.id);
    expect((await job(camper, queued.id)).status).toBe("done");

    // One that keeps dying is failed with a reason instead of looping forever.
    const { job: cursed } = await startRender(camper, show.id, { fit: "fit" });
    await db.execute(sql`UPDATE render_jobs SET status = 'running', locked_by = 'gone', attempts = 3, heartbeat_at = now() - interval '5 minutes' WHERE id = ${cursed.id}`);
    await app.renderWorker.recoverStale();
    const failed = await job(camper, cursed.id);
    expect(failed.status).toBe("failed");
    expect(failed.message).toMatch(/try again/);
  }, 120_000);

  it("fails clearly when ffmpeg is missing, serving nothing and leaving the show intact", async () => {
    const broken = await createTestApp({ FFMPEG_PATH: "/nonexistent/ffmpeg" });
    try {
      const camper = await registerCamper(broken);
      const show = await createShow(broken, camper.cookie);
      // Clips need ffmpeg to be uploaded, so this one arrives through the working app's storage.
      const working = await uploadClip(app, camper, clipBytes, "A");
      await broken.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [working.id] } });
      const res = await broken.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie } });
      await broken.renderWorker.runNext();
      const failed = (await broken.inject({ method: "GET", url: `/api/renders/${res.json().id}`, headers: { cookie: camper.cookie } })).json();
      expect(failed).toMatchObject({ status: "failed", mediaUrl: null });
      expect(failed.message).toMatch(/ffmpeg\) is missing/);
      const media = await broken.inject({ method: "GET", url: `/api/renders/${failed.id}/media`, headers: { cookie: camper.cookie } });
      expect(media.statusCode).toBe(409);
      expect((await broken.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  }, 60_000);
});
