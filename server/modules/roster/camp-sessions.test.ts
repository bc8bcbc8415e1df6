import { writeFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMP_SESSION_MESSAGES, type CampSession, type RosterResult } from "../../../contracts/roster.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import { buildApp, type App } from "../../app.ts";
import { createMediaStorage } from "../../media/create-media-storage.ts";
import { userMediaPrefix, type MediaStorage } from "../../media/media-storage.ts";
import { confirmStaffPassword, registerStaff, testConfig } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const dayString = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe("deleting a camp session", () => {
  let app: App;
  let storage: MediaStorage;
  beforeAll(async () => {
    const config = testConfig();
    const { db } = await testDatabase();
    app = await buildApp({ config, db });
    await app.ready();
    storage = await createMediaStorage(config.media);
  });
  afterAll(() => app.close());

  it("needs a retention rule, then deletes the session's campers and their files once its moment passes, and no one else", async () => {
    const admin = await registerStaff(app);
    const asAdmin = { cookie: admin.cookie };
    const roster = "first_name,last_initial,cabin,session,media_release\nAva,D,Pines,July,yes\nBen,K,Pines,July,no\nCal,M,Pines,August,yes";
    const made = ((await app.inject({ method: "POST", url: "/api/staff/roster", headers: { ...asAdmin, "content-type": "text/csv" }, payload: roster })).json() as RosterResult).made;
    const [ava, ben, cal] = made;
    const store = (key: string) => storage.withNewLocalFile(key, (file) => writeFile(file, "clip"));
    await store(`${userMediaPrefix(ava!.userId)}clips/a.webm`);
    await store(`${userMediaPrefix(cal!.userId)}clips/c.webm`);
    const sessions = (await app.inject({ method: "GET", url: "/api/staff/camp-sessions", headers: asAdmin })).json() as CampSession[];
    const july = sessions.find((s) => s.name === "July")!;
    expect(july).toMatchObject({ campers: 2, deleteRequestedAt: null, deleteAt: null });

    const noRule = await app.inject({ method: "DELETE", url: `/api/staff/camp-sessions/${july.id}`, headers: asAdmin });
    expect([noRule.statusCode, noRule.json()]).toEqual([409, { message: CAMP_SESSION_MESSAGES.noRetentionRule }]);

    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    expect((await app.inject({ method: "DELETE", url: `/api/staff/camp-sessions/${july.id}`, headers: { cookie: counselor.cookie } })).statusCode).toBe(403);

    await confirmStaffPassword(app, admin);
    const rule = await app.inject({ method: "PUT", url: "/api/staff/retention", headers: asAdmin, payload: { startsOn: dayString(1), afterDays: 2 } });
    expect(rule.statusCode, rule.body).toBe(200);
    const marked = await app.inject({ method: "DELETE", url: `/api/staff/camp-sessions/${july.id}`, headers: asAdmin });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id: july.id, campers: 2, deleteAt: `${dayString(3)}T00:00:00.000Z`, deleteRequestedAt: expect.any(String) });

    // Before the moment, nothing goes.
    await app.housekeeping.run(new Date());
    const { db } = await testDatabase();
    const campers = () => queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE role = 'camper' ORDER BY id`);
    expect(await campers()).toEqual([{ id: ava!.userId }, { id: ben!.userId }, { id: cal!.userId }]);

    const report = await app.housekeeping.run(new Date(Date.now() + 4 * DAY_MS));
    expect(report.sessionCampersDeleted).toBe(2);
    expect(await campers()).toEqual([{ id: cal!.userId }]);
    expect(await storage.list(userMediaPrefix(ava!.userId))).toEqual([]);
    expect((await storage.list(userMediaPrefix(cal!.userId))).length).toBe(1);
    const left = (await app.inject({ method: "GET", url: "/api/staff/camp-sessions", headers: asAdmin })).json() as CampSession[];
    expect(left.map((s) => s.name)).toEqual(["August"]);
    const audit = (await app.inject({ method: "GET", url: "/api/staff/audit", headers: asAdmin })).json() as AuditEntry[];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["delete_session", "session_deleted"]));
    expect(audit.find((a) => a.action === "session_deleted")?.detail).toMatch(/July.*2 campers/);
  });
});
