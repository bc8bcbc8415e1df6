import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR } from "../../../testing/test-app.ts";
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
    // Words heard in the kept clip's sound stay; those of content no clip has any longer (deleted) go.
    for (const content of [clip.uploadSha256, "f".repeat(64)]) {
      await db.execute(sql`INSERT INTO clip_heard_words (user_id, content_sha256, listener, script_sha256, words) VALUES (${camper.userId}, ${content}, 'test', 'script', '[]')`);
    }

    const report = await app.housekeeping.run();
    expect(report).toMatchObject({ abandonedUploads: 1, finishedUploadRecords: 1 });

    const uploadsLeft = await queryRows<{ id: string }>(db, sql`SELECT id FROM uploads`);
    expect(uploadsLeft.map((r) => r.id)).toEqual([fresh.split("/").pop()]);
    expect(await readdir(path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "uploads"))).toEqual([fresh.split("/").pop()]);
    expect(await queryRows(db, sql`SELECT * FROM sessions WHERE user_id = ${other.userId}`)).toEqual([]);
    expect(await queryRows(db, sql`SELECT content_sha256 FROM clip_heard_words`)).toEqual([{ content_sha256: clip.uploadSha256 }]);
    expect(await queryRows(db, sql`SELECT * FROM rate_limits WHERE key = 'old'`)).toEqual([]);

    // The camper's session, the fresh upload and the finished clip are untouched.
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } })).statusCode).toBe(200);
  });

  it("sweeps what a crashed render leaves (work folders, partial files, videos no job names) and keeps every named render", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const renders = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "renders");
    await mkdir(renders, { recursive: true });
    await writeFile(path.join(renders, "1-kept.mp4"), "video");
    await writeFile(path.join(renders, "1-kept.vtt"), "WEBVTT");
    await writeFile(path.join(renders, "2-orphan.mp4"), "half a video");
    const { db } = await testDatabase();
    const key = `users/${camper.userId}/renders/1-kept`;
    await db.execute(sql`INSERT INTO render_jobs (user_id, show_id, fingerprint, options, status, output_key, captions_key)
      VALUES (${camper.userId}, ${show.id}, 'f', '{"fit":"crop","audio":"original","captions":true}', 'done', ${`${key}.mp4`}, ${`${key}.vtt`})`);
    const workFolder = path.join(TEST_DATA_DIR, "tmp", "render-7-abc");
    await mkdir(workFolder, { recursive: true });
    await writeFile(path.join(workFolder, "captions.srt"), "1");
    await mkdir(path.join(TEST_DATA_DIR, "media", ".partial"), { recursive: true });
    await writeFile(path.join(TEST_DATA_DIR, "media", ".partial", "abc-3.mp4"), "partial");

    // The hourly run leaves fresh leftovers alone: another instance may still be writing them.
    await app.housekeeping.run();
    expect((await readdir(renders)).sort()).toEqual(["1-kept.mp4", "1-kept.vtt", "2-orphan.mp4"]);

    // At the start of a server that alone uses its data, everything left over goes.
    expect(await app.housekeeping.sweepLeftovers(0)).toBeGreaterThanOrEqual(3);
    expect((await readdir(renders)).sort()).toEqual(["1-kept.mp4", "1-kept.vtt"]);
    expect(await readdir(path.join(TEST_DATA_DIR, "tmp"))).toEqual([]);
    expect(await readdir(path.join(TEST_DATA_DIR, "media", ".partial"))).toEqual([]);
  });
});
