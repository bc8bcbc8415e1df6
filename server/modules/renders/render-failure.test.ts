import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../db/client.ts";
import { RENDER_MESSAGES, type RenderJob } from "../../../contracts/renders.ts";
import type { App } from "../../app.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createLoggedTestApp, createShow, createTestApp, registerCamper, type CapturedLog } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip } from "../../../testing/uploads.ts";

/** What a failing ffmpeg prints: a server path and the tool's own jargon, none of it for a camper. */
const FFMPEG_SAYS = "[matroska,webm @ 0x55d4] /srv/camp/data/media/users/7/clips/take.webm: Invalid data found when processing input";

describe("a render ffmpeg fails", () => {
  let working: App;
  let failing: App;
  let log: CapturedLog;
  beforeAll(async () => {
    working = await createTestApp();
    const dir = await mkdtemp(path.join(tmpdir(), "failing-ffmpeg-"));
    const ffmpeg = path.join(dir, "ffmpeg");
    await writeFile(ffmpeg, `#!/bin/sh\necho '${FFMPEG_SAYS}' >&2\nexit 1\n`);
    await chmod(ffmpeg, 0o755);
    ({ app: failing, log } = await createLoggedTestApp({ FFMPEG_PATH: ffmpeg }));
  });
  afterAll(async () => {
    await failing?.close();
    await working?.close();
  });

  /** A camper's render that ffmpeg failed; its id and how the camper reads it. */
  async function failedRender() {
    const camper = await registerCamper(failing);
    const show = await createShow(failing, camper.cookie);
    // Uploads need a working ffmpeg, so the clip arrives through the working app's storage.
    const clip = await uploadClip(working, camper, await webmFixture(2), "A");
    await failing.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
    const started = await failing.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie } });
    const id = (started.json() as RenderJob).id;
    expect(await failing.renderWorker.runNext()).toBe(id);
    const read = async () => (await failing.inject({ method: "GET", url: `/api/renders/${id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
    return { camper, show, id, read };
  }

  it("tells the camper in plain words and keeps ffmpeg's output for the log", async () => {
    const { camper, show, id, read } = await failedRender();
    expect(await read()).toMatchObject({ status: "failed", message: RENDER_MESSAGES.couldNotFinish });
    const list = await failing.inject({ method: "GET", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(/Invalid data|\/srv\/|matroska/);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 50, msg: "ffmpeg failed to render", jobId: id, ffmpeg: expect.stringContaining(FFMPEG_SAYS) }));
  }, 60_000);

  it("rewrites what renders that failed before the change told the camper", async () => {
    const { id, read } = await failedRender();
    const { db } = await testDatabase();
    await db.update(schema.renderJobs).set({ message: `A clip could not be decoded or combined (${FFMPEG_SAYS}). Remove or re-record that clip, then try again.` }).where(eq(schema.renderJobs.id, id));
    const migration = await readFile(path.join(import.meta.dirname, "../../../db/migrations/0019_plain_render_failures.sql"), "utf8");
    await db.execute(sql.raw(migration));
    expect((await read()).message).toBe(RENDER_MESSAGES.couldNotFinish);
  }, 60_000);
});
