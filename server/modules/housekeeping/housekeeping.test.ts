import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createTestApp, registerCamper, TEST_DATA_DIR } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { tusCreate, tusPatch, uploadClip } from "../../../testing/uploads.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("housekeeping", () => {
  it("removes expired sessions, ended rate-limit windows and week-old abandoned uploads with their bytes, and nothing live", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const video = await webmFixture(1);
    const abandoned = await tusCreate(app, camper, {});
    await tusPatch(app, camper, abandoned, 0, video.subarray(0, 5000));
    const fresh = await tusCreate(app, camper, {});
    await tusPatch(app, camper, fresh, 0, video.subarray(0, 5000));
    const clip = await uploadClip(app, camper, video, "Kept");

    const { db } = await testDatabase();
    const abandonedId = abandoned.split("/").pop()!;
    await db.execute(sql`UPDATE uploads SET updated_at = now() - interval '8 days' WHERE id = ${abandonedId} OR status = 'done'`);
    await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 hour' WHERE user_id = ${other.userId}`);
    await db.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('old', now() - interval '3 days', 4)`);

    const report = await app.housekeeping.run();
    expect(report).toEqual({ abandonedUploads: 1, finishedUploadRecords: 1 });

    const uploadsLeft = await queryRows<{ id: string }>(db, sql`SELECT id FROM uploads`);
    expect(uploadsLeft.map((r) => r.id)).toEqual([fresh.split("/").pop()]);
    expect(await readdir(path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "uploads"))).toEqual([fresh.split("/").pop()]);
    expect(await queryRows(db, sql`SELECT * FROM sessions WHERE user_id = ${other.userId}`)).toEqual([]);
    expect(await queryRows(db, sql`SELECT * FROM rate_limits WHERE key = 'old'`)).toEqual([]);

    // The camper's session, the fresh upload and the finished clip are untouched.
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } })).statusCode).toBe(200);
  });
});
