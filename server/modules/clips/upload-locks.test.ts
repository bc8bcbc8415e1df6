import { stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { schema } from "../../../db/client.ts";
import { registerCamper, TEST_DATA_DIR } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { appWithVideo, tusCreate, tusPatch } from "../../../testing/uploads.ts";

const scene = appWithVideo(2);

const uploadFile = (userId: number, location: string) =>
  path.join(TEST_DATA_DIR, "media", "users", String(userId), "uploads", location.split("/").pop()!);

/** Resolves once the server has stored `bytes` of the upload (its PATCH holds the lock by then). */
async function storedBytes(file: string, bytes: number) {
  for (;;) {
    const size = await stat(file).then((s) => s.size, () => 0);
    if (size >= bytes) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("upload locks", () => {
  it("refuses a DELETE with 423 while a PATCH streams, and the PATCH still finishes the clip", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { length: scene.video.length });
    const body = new PassThrough();
    const patch = tusPatch(scene.app, camper, location, 0, body);
    body.write(scene.video.subarray(0, 4000));
    await storedBytes(uploadFile(camper.userId, location), 4000);

    const refused = await scene.app.inject({ method: "DELETE", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ message: CLIP_MESSAGES.busy });

    body.end(scene.video.subarray(4000));
    const done = await patch;
    expect(done.statusCode, done.body).toBe(204);
    expect(done.headers["upload-offset"]).toBe(String(scene.video.length));
    expect(done.headers["upload-clip-id"]).toMatch(/^\d+$/);

    // Once the PATCH is over, the DELETE goes through.
    const deleted = await scene.app.inject({ method: "DELETE", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(deleted.statusCode).toBe(204);
  });

  it("renews its lease while the body streams, so a slow PATCH keeps the upload", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { length: scene.video.length });
    const id = location.split("/").pop()!;
    const { db } = await testDatabase();
    const leaseEnd = async () =>
      (await db.select({ until: schema.uploads.lockedUntil }).from(schema.uploads).where(eq(schema.uploads.id, id)))[0]?.until?.getTime() ?? 0;
    const body = new PassThrough();
    const patch = tusPatch(scene.app, camper, location, 0, body);
    body.write(scene.video.subarray(0, 4000));
    await storedBytes(uploadFile(camper.userId, location), 4000);
    const first = await leaseEnd();
    expect(first).toBeGreaterThan(0);
    // The writer pushes its lease further on while it still streams.
    let renewed = first;
    for (let i = 0; i < 200 && renewed <= first; i++) {
      await new Promise((r) => setTimeout(r, 50));
      renewed = await leaseEnd();
    }
    expect(renewed).toBeGreaterThan(first);
    expect((await tusPatch(scene.app, camper, location, 0, scene.video.subarray(0, 10))).statusCode).toBe(423);
    body.end(scene.video.subarray(4000));
    expect((await patch).statusCode).toBe(204);
    // Released at the end.
    expect(await leaseEnd()).toBe(0);
  });

  it("answers a PATCH to an upload deleted meanwhile with 404, never 500", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, {});
    await tusPatch(scene.app, camper, location, 0, scene.video.subarray(0, 3000));
    const [deleted, patched] = await Promise.all([
      scene.app.inject({ method: "DELETE", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } }),
      tusPatch(scene.app, camper, location, 3000, scene.video.subarray(3000)),
    ]);
    expect([204, 423]).toContain(deleted.statusCode);
    expect([204, 404, 423]).toContain(patched.statusCode);
    if (patched.statusCode !== 204) expect(patched.json().message).toEqual(expect.any(String));
  });

  it("frees a lock left by a crashed writer when the embedded database's server starts again", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { length: scene.video.length });
    await tusPatch(scene.app, camper, location, 0, scene.video.subarray(0, 5000));
    // What kill -9 mid-PATCH leaves: a lease nobody renews.
    const { db } = await testDatabase();
    const id = location.split("/").pop()!;
    await db.update(schema.uploads).set({ lockedUntil: sql`now() + interval '1 hour'` }).where(eq(schema.uploads.id, id));
    expect((await tusPatch(scene.app, camper, location, 5000, scene.video.subarray(5000))).statusCode).toBe(423);

    expect(await scene.app.uploads.releaseAllLocks()).toBeGreaterThanOrEqual(1);
    const resumed = await tusPatch(scene.app, camper, location, 5000, scene.video.subarray(5000));
    expect(resumed.statusCode, resumed.body).toBe(204);
    expect(resumed.headers["upload-clip-id"]).toMatch(/^\d+$/);
  });
});
