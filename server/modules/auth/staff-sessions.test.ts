import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { App } from "../../app.ts";
import { buildCredentials } from "../../../testing/factories.ts";
import { confirmStaffPassword, createTestApp, registerCamper, registerStaff, signIn } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { StaffAccountError, addStaffAccount } from "../staff/staff-accounts.ts";
import { StaffAccountsRepository } from "../staff/staff-accounts.repository.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ SESSION_TTL_DAYS: "14" });
});
afterAll(() => app.close());

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

/** Moves a user's session timestamps into the past, as if that much time had gone by. */
async function age(userId: number, column: "last_seen_at" | "created_at" | "confirmed_at", seconds: number) {
  const { db } = await testDatabase();
  await db.execute(sql`UPDATE sessions SET ${sql.identifier(column)} = now() - make_interval(secs => ${seconds}) WHERE user_id = ${userId}`);
}

async function lastSeenOf(userId: number): Promise<string> {
  const { db } = await testDatabase();
  return (await queryRows<{ at: string }>(db, sql`SELECT last_seen_at::text AS at FROM sessions WHERE user_id = ${userId}`))[0]!.at;
}

const maxAgeOf = (setCookie: unknown) => Number(/Max-Age=(\d+)/.exec(String([setCookie].flat()[0]))?.[1]);

describe("staff sessions", () => {
  it("last 12 hours for staff (the cookie too) and SESSION_TTL_DAYS for campers", async () => {
    const staff = await registerStaff(app);
    const res = await app.inject({ method: "POST", url: "/api/login", payload: staff.credentials });
    expect(maxAgeOf(res.headers["set-cookie"])).toBe(12 * 3600);
    const camper = await app.inject({ method: "POST", url: "/api/register", payload: buildCredentials() });
    expect(maxAgeOf(camper.headers["set-cookie"])).toBe(14 * 86_400);
  });

  it("end after 30 minutes without a request, where a camper's session idle as long goes on (under the camp's hour)", async () => {
    const staff = await registerStaff(app);
    const camper = await registerCamper(app);
    // Campers follow the camp's own idle time (camp-settings.test.ts), here longer than staff's.
    await app.inject({ method: "PUT", url: "/api/staff/camp-settings", headers: { cookie: staff.cookie }, payload: { campName: "Camp", camperIdleMinutes: 60 } });
    await age(staff.userId, "last_seen_at", 29 * 60);
    expect((await me(staff.cookie)).statusCode).toBe(200);
    // That request counted as activity: another 29 minutes later the session is still alive.
    await age(staff.userId, "last_seen_at", 29 * 60);
    expect((await me(staff.cookie)).statusCode).toBe(200);
    await age(staff.userId, "last_seen_at", 31 * 60);
    await age(camper.userId, "last_seen_at", 31 * 60);
    expect((await me(staff.cookie)).statusCode).toBe(401);
    expect((await me(camper.cookie)).statusCode).toBe(200);
  });

  it("end 12 hours after sign-in however busy they are", async () => {
    const staff = await registerStaff(app);
    await age(staff.userId, "created_at", 11 * 3600 + 59 * 60);
    expect((await me(staff.cookie)).statusCode).toBe(200);
    await age(staff.userId, "created_at", 12 * 3600 + 60);
    expect((await me(staff.cookie)).statusCode).toBe(401);
  });

  it("write the last request's time at most once a minute, not on every request", async () => {
    const staff = await registerStaff(app);
    await age(staff.userId, "last_seen_at", 30);
    const recent = await lastSeenOf(staff.userId);
    for (let i = 0; i < 3; i++) expect((await me(staff.cookie)).statusCode).toBe(200);
    expect(await lastSeenOf(staff.userId)).toBe(recent);
    await age(staff.userId, "last_seen_at", 90);
    const old = await lastSeenOf(staff.userId);
    expect((await me(staff.cookie)).statusCode).toBe(200);
    expect(await lastSeenOf(staff.userId)).not.toBe(old);
  });
});

describe("POST /api/staff/reauth", () => {
  const exportOf = (cookie: string, camperId: number) => app.inject({ method: "GET", url: `/api/staff/campers/${camperId}/export`, headers: { cookie } });

  it("lets staff export and change retention for 5 minutes after typing their password again", async () => {
    const staff = await registerStaff(app);
    const camper = await registerCamper(app);
    const refused = await exportOf(staff.cookie, camper.userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.passwordAgain });

    const wrong = await app.inject({ method: "POST", url: "/api/staff/reauth", headers: { cookie: staff.cookie }, payload: { password: "not-it-at-all" } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongPassword });
    expect((await exportOf(staff.cookie, camper.userId)).statusCode).toBe(403);

    const ok = await app.inject({ method: "POST", url: "/api/staff/reauth", headers: { cookie: staff.cookie }, payload: { password: staff.credentials.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ confirmedForSeconds: 300 });
    expect((await exportOf(staff.cookie, camper.userId)).statusCode).toBe(200);

    // Only this session: the same staff member signed in elsewhere has not typed it there.
    const elsewhere = await signIn(app, staff.credentials);
    expect((await exportOf(elsewhere, camper.userId)).statusCode).toBe(403);

    await age(staff.userId, "confirmed_at", 5 * 60 + 1);
    expect((await exportOf(staff.cookie, camper.userId)).statusCode).toBe(403);
    const rule = { startsOn: "2099-08-31", afterDays: 30 };
    expect((await app.inject({ method: "PUT", url: "/api/staff/retention", headers: { cookie: staff.cookie }, payload: rule })).statusCode).toBe(403);
    await confirmStaffPassword(app, staff);
    expect((await app.inject({ method: "PUT", url: "/api/staff/retention", headers: { cookie: staff.cookie }, payload: rule })).statusCode).toBe(200);
  });

  it("is for staff only: a camper who knows their own password gets nothing from it", async () => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "POST", url: "/api/staff/reauth", headers: { cookie: camper.cookie }, payload: { password: camper.credentials.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.staffOnly });
  });
});

describe("npm run staff:add", () => {
  it("setting a staff member's password again signs that account out everywhere", async () => {
    const staff = await registerStaff(app);
    const second = await signIn(app, staff.credentials);
    const other = await registerStaff(app);
    const { db } = await testDatabase();
    expect(await addStaffAccount(new StaffAccountsRepository(db), staff.credentials.username, "a-new-staff-passphrase")).toBe("updated");
    expect((await me(staff.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { ...staff.credentials, password: "a-new-staff-passphrase" } })).statusCode).toBe(200);
  });

  it("refuses one of the most common passwords, for a new account or an existing one", async () => {
    const { db } = await testDatabase();
    await expect(addStaffAccount(new StaffAccountsRepository(db), "coach_common", "baseball1")).rejects.toThrow(new StaffAccountError(AUTH_MESSAGES.commonPassword));
    const staff = await registerStaff(app);
    await expect(addStaffAccount(new StaffAccountsRepository(db), staff.credentials.username, "Football")).rejects.toThrow(StaffAccountError);
    expect(await queryRows(db, sql`SELECT 1 FROM users WHERE username = 'coach_common'`)).toEqual([]);
    expect((await me(staff.cookie)).statusCode).toBe(200);
  });
});
