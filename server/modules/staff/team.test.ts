import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import { STAFF_TEAM_MESSAGES, type StaffAccount } from "../../../contracts/staff-team.ts";
import type { App } from "../../app.ts";
import { confirmStaffPassword, createTestApp, registerStaff, signIn, type SignedInClient } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";

describe("staff management in the app", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const call = (who: SignedInClient, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it("the director adds a counselor (password typed again first), changes their cabins and role, and removes them", async () => {
    const director = await registerStaff(app);
    const body = { username: "coach_maya", password: "pine-cone-lantern-7", role: "counselor", cabins: ["Pines", "Cedars"] };
    const unconfirmed = await call(director, "POST", "/api/staff/accounts", body);
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([403, { message: AUTH_MESSAGES.passwordAgain }]);
    await confirmStaffPassword(app, director);
    const made = await call(director, "POST", "/api/staff/accounts", body);
    expect(made.statusCode, made.body).toBe(201);
    const maya = made.json() as StaffAccount;
    expect(maya).toMatchObject({ username: "coach_maya", role: "counselor", cabins: ["Cedars", "Pines"], isYou: false });
    const taken = await call(director, "POST", "/api/staff/accounts", { ...body, username: "COACH_MAYA" });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: STAFF_TEAM_MESSAGES.taken }]);

    // The new counselor signs in with the password the director chose.
    const mayaCookie = await signIn(app, { username: "coach_maya", password: body.password });
    expect(mayaCookie).toBeTruthy();

    const moved = await call(director, "PATCH", `/api/staff/accounts/${maya.id}`, { cabins: ["Birches"] });
    expect(moved.json()).toMatchObject({ cabins: ["Birches"], role: "counselor" });
    const promoted = await call(director, "PATCH", `/api/staff/accounts/${maya.id}`, { role: "admin" });
    expect(promoted.json()).toMatchObject({ role: "admin" });

    const list = (await call(director, "GET", "/api/staff/accounts")).json() as StaffAccount[];
    expect(list.map((s) => [s.username, s.isYou])).toEqual(expect.arrayContaining([[director.credentials.username, true], ["coach_maya", false]]));

    expect((await call(director, "DELETE", `/api/staff/accounts/${maya.id}`)).statusCode).toBe(204);
    expect((await call(director, "DELETE", `/api/staff/accounts/${maya.id}`)).statusCode).toBe(404);
    const audit = (await call(director, "GET", "/api/staff/audit")).json() as AuditEntry[];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["added_staff", "changed_staff", "removed_staff"]));
    expect(JSON.stringify(audit)).not.toContain(body.password);
  });

  it("keeps one director: not removed by themselves, the last one not demoted; counselors manage nobody", async () => {
    const director = await registerStaff(app);
    await confirmStaffPassword(app, director);
    const self = await call(director, "DELETE", `/api/staff/accounts/${director.userId}`);
    expect([self.statusCode, self.json()]).toEqual([400, { message: STAFF_TEAM_MESSAGES.notYourself }]);
    const demote = await call(director, "PATCH", `/api/staff/accounts/${director.userId}`, { role: "counselor" });
    expect([demote.statusCode, demote.json()]).toEqual([409, { message: STAFF_TEAM_MESSAGES.lastAdmin }]);

    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    await confirmStaffPassword(app, counselor);
    const asCounselor = await call(counselor, "GET", "/api/staff/accounts");
    expect([asCounselor.statusCode, asCounselor.json()]).toEqual([403, { message: AUTH_MESSAGES.adminOnly }]);
    expect((await call(counselor, "DELETE", `/api/staff/accounts/${director.userId}`)).statusCode).toBe(403);

    // With a second director, the first may step down.
    await registerStaff(app);
    expect((await call(director, "PATCH", `/api/staff/accounts/${director.userId}`, { role: "counselor" })).json()).toMatchObject({ role: "counselor" });
  });

  it("a new password needs the password typed again, follows the rules, and signs the account out everywhere", async () => {
    const director = await registerStaff(app);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    const unconfirmed = await call(director, "PATCH", `/api/staff/accounts/${counselor.userId}`, { password: "river-stone-canoe-4" });
    expect(unconfirmed.statusCode).toBe(403);
    await confirmStaffPassword(app, director);
    const weak = await call(director, "PATCH", `/api/staff/accounts/${counselor.userId}`, { password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8/);
    expect((await call(director, "PATCH", `/api/staff/accounts/${counselor.userId}`, { password: "river-stone-canoe-4" })).statusCode).toBe(200);
    expect((await call(counselor, "GET", "/api/user")).statusCode).toBe(401);
    expect(await signIn(app, { username: counselor.credentials.username, password: "river-stone-canoe-4" })).toBeTruthy();
  });

  it("two directors stepping down at once leave one director", async () => {
    const a = await registerStaff(app);
    const b = await registerStaff(app);
    const [first, second] = await Promise.all([
      call(a, "PATCH", `/api/staff/accounts/${a.userId}`, { role: "counselor" }),
      call(b, "PATCH", `/api/staff/accounts/${b.userId}`, { role: "counselor" }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const { db } = await testDatabase();
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`)).toEqual([{ n: 1 }]);
  });
});
