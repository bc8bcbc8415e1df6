import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { RetentionAnnouncement, RetentionRule } from "../../../contracts/retention.ts";
import { buildApp, type App } from "../../app.ts";
import { createMediaStorage } from "../../media/create-media-storage.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { fullCamper } from "../../../testing/camper-media.ts";
import { confirmStaffPassword, registerCamper, registerStaff, testConfig } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { uploadClip } from "../../../testing/uploads.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const dayString = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const TABLE_OF = { clip: "clips", voice_over: "voice_overs", render: "render_jobs", voice_sample: "voice_samples" } as const;
const ID_OF = { clip: "id", voice_over: "id", render: "id", voice_sample: "user_id" } as const;

describe("the camp's retention rule", () => {
  let app: App;
  let storage: MediaStorage;
  beforeAll(async () => {
    const config = testConfig({ VOICE_PROVIDER: "mespeak" });
    const { db } = await testDatabase();
    app = await buildApp({ config, db });
    await app.ready();
    storage = await createMediaStorage(config.media);
  });
  afterAll(() => app.close());

  it("deletes exactly the media it announced once the date passes, and keeps accounts, shows and later media", async () => {
    const { db } = await testDatabase();
    const a = await fullCamper(app);
    const b = await fullCamper(app);
    const staff = await registerStaff(app);
    const asStaff = { cookie: staff.cookie };

    // Only staff set the rule, with their password typed again just before.
    const rule = { startsOn: dayString(3), afterDays: 10 };
    expect((await app.inject({ method: "PUT", url: "/api/staff/retention", headers: { cookie: a.camper.cookie }, payload: rule })).statusCode).toBe(403);
    const unconfirmed = await app.inject({ method: "PUT", url: "/api/staff/retention", headers: asStaff, payload: rule });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ message: AUTH_MESSAGES.passwordAgain });
    expect((await app.inject({ method: "GET", url: "/api/retention", headers: { cookie: a.camper.cookie } })).json()).toEqual({ rule: null });
    await confirmStaffPassword(app, staff);
    // A date already past would delete with no warning at all.
    const past = await app.inject({ method: "PUT", url: "/api/staff/retention", headers: asStaff, payload: { startsOn: dayString(-5), afterDays: 1 } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/already passed/);

    // Within a week of the date, staff pages warn.
    await app.inject({ method: "PUT", url: "/api/staff/retention", headers: asStaff, payload: { startsOn: dayString(0), afterDays: 3 } });
    expect(((await app.inject({ method: "GET", url: "/api/staff/retention", headers: asStaff })).json() as RetentionAnnouncement).warning).toBe(true);

    const set = await app.inject({ method: "PUT", url: "/api/staff/retention", headers: asStaff, payload: rule });
    expect(set.statusCode, set.body).toBe(200);
    const deleteAt = new Date((set.json() as RetentionRule).deleteAt);
    expect(deleteAt.toISOString()).toBe(`${dayString(13)}T00:00:00.000Z`);

    // Campers see the date.
    const seen = await app.inject({ method: "GET", url: "/api/retention", headers: { cookie: a.camper.cookie } });
    expect(seen.json().rule).toMatchObject({ deleteAt: deleteAt.toISOString(), executedAt: null });

    // A clip recorded after the deletion moment is not the rule's.
    const late = await uploadClip(app, b.camper, await webmFixture(1), "After the date");
    await db.execute(sql`UPDATE clips SET created_at = ${new Date(deleteAt.getTime() + DAY_MS).toISOString()} WHERE id = ${late.id}`);

    const announcement = (await app.inject({ method: "GET", url: "/api/staff/retention", headers: asStaff })).json() as RetentionAnnouncement;
    expect(announcement.warning).toBe(false);
    expect(announcement.campers).toBe(2);
    // Each camper: two clips, a voice sample, a voice-over and a final video.
    const count = (camperId: number, kind: string) => announcement.items.filter((i) => i.camperUserId === camperId && i.kind === kind).length;
    for (const camper of [a.camper, b.camper]) {
      expect([count(camper.userId, "clip"), count(camper.userId, "voice_sample"), count(camper.userId, "voice_over"), count(camper.userId, "render")]).toEqual([2, 1, 1, 1]);
    }
    expect(announcement.items.some((i) => i.kind === "clip" && i.id === late.id)).toBe(false);
    const announcedKeys = new Set(announcement.items.flatMap((i) => i.storageKeys));
    const before = (await storage.list("users/")).map((o) => o.key);
    for (const key of announcedKeys) expect(before).toContain(key);

    // The day before: nothing happens.
    expect((await app.housekeeping.run(new Date(deleteAt.getTime() - DAY_MS))).retention).toBeUndefined();
    expect((await storage.list("users/")).map((o) => o.key).sort()).toEqual([...before].sort());

    // The date passes: exactly the announced files and rows go, with the render parts made from them (pieces of
    // those renders, kept to make the next one faster: render ahead).
    const report = await app.housekeeping.run(new Date(deleteAt.getTime() + 60 * 60 * 1000));
    expect(report.retention).toEqual({ items: announcement.items.length, files: announcedKeys.size });
    const campers = new Set(announcement.items.map((i) => i.camperUserId));
    const partOfThem = (k: string) => [...campers].some((id) => k.startsWith(`users/${id}/render-parts/`));
    expect(before.some(partOfThem)).toBe(true);
    const after = (await storage.list("users/")).map((o) => o.key).sort();
    expect(after).toEqual(before.filter((k) => !announcedKeys.has(k) && !partOfThem(k)).sort());
    expect(await queryRows(db, sql.raw(`SELECT 1 FROM render_parts WHERE user_id IN (${[...campers].join(",")})`))).toEqual([]);
    for (const item of announcement.items) {
      const rows = await queryRows(db, sql.raw(`SELECT 1 FROM ${TABLE_OF[item.kind]} WHERE ${ID_OF[item.kind]} = ${item.id}`));
      expect(rows, `${item.kind} ${item.id}`).toEqual([]);
    }
    // The late clip, the accounts and the shows with their scripts stay.
    expect((await app.inject({ method: "GET", url: late.mediaUrl, headers: { cookie: b.camper.cookie } })).statusCode).toBe(200);
    const show = await app.inject({ method: "GET", url: `/api/recordings/${a.show.id}`, headers: { cookie: a.camper.cookie } });
    expect(show.statusCode).toBe(200);
    expect(show.json().narration).toBe(a.show.narration);

    // Written in the audit log, and done once: the next run deletes nothing more.
    const audit = (await app.inject({ method: "GET", url: "/api/staff/audit", headers: asStaff })).json() as { action: string; staffUsername: string }[];
    expect(audit[0]).toMatchObject({ action: "retention_deleted", staffUsername: "housekeeping" });
    expect((await app.housekeeping.run(new Date(deleteAt.getTime() + 2 * DAY_MS))).retention).toBeUndefined();
    const status = (await app.inject({ method: "GET", url: "/api/retention", headers: { cookie: a.camper.cookie } })).json();
    expect(status.rule.executedAt).toBe(new Date(deleteAt.getTime() + 60 * 60 * 1000).toISOString());
  }, 120_000);

  it("only staff set, read the announced list of, or remove the rule", async () => {
    const camper = await registerCamper(app);
    for (const [method, url] of [
      ["GET", "/api/staff/retention"],
      ["PUT", "/api/staff/retention"],
      ["DELETE", "/api/staff/retention"],
    ] as const) {
      const res = await app.inject({ method, url, headers: { cookie: camper.cookie }, payload: { startsOn: dayString(30), afterDays: 1 } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const staff = await registerStaff(app);
    expect((await app.inject({ method: "DELETE", url: "/api/staff/retention", headers: { cookie: staff.cookie } })).json()).toEqual({ message: AUTH_MESSAGES.passwordAgain });
    await confirmStaffPassword(app, staff);
    expect((await app.inject({ method: "PUT", url: "/api/staff/retention", headers: { cookie: staff.cookie }, payload: { startsOn: "2026-02-30", afterDays: 1 } })).statusCode).toBe(400);
    expect((await app.inject({ method: "DELETE", url: "/api/staff/retention", headers: { cookie: staff.cookie } })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/retention", headers: { cookie: camper.cookie } })).json()).toEqual({ rule: null });
  });
});
