import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { App } from "../../app.ts";
import { buildCredentials } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, signIn } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { isCommonPassword } from "./common-passwords.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const changePassword = (cookie: string, currentPassword: unknown, newPassword: unknown) =>
  app.inject({ method: "PUT", url: "/api/user/password", headers: { cookie }, payload: { currentPassword, newPassword } });
const login = (username: string, password: string) => app.inject({ method: "POST", url: "/api/login", payload: { username, password } });

async function passwordHashOf(userId: number): Promise<string> {
  const { db } = await testDatabase();
  return (await queryRows<{ password_hash: string }>(db, sql`SELECT password_hash FROM users WHERE id = ${userId}`))[0]!.password_hash;
}

describe("PUT /api/user/password", () => {
  it("changes the password once the one in use is typed, and signs out every other device but this one", async () => {
    const camper = await registerCamper(app);
    const laptop = await signIn(app, camper.credentials);
    const phone = await signIn(app, camper.credentials);
    const bystander = await registerCamper(app);

    const res = await changePassword(camper.cookie, camper.credentials.password, "three canoes at dawn");
    expect(res.statusCode, res.body).toBe(204);

    expect((await me(camper.cookie)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await login(camper.credentials.username, camper.credentials.password)).statusCode).toBe(401);
    expect((await login(camper.credentials.username, "three canoes at dawn")).statusCode).toBe(200);
  });

  it("refuses a wrong password in use, changing nothing and signing nobody out", async () => {
    const camper = await registerCamper(app);
    const laptop = await signIn(app, camper.credentials);
    const before = await passwordHashOf(camper.userId);
    const res = await changePassword(camper.cookie, "not-it-at-all", "three canoes at dawn");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.wrongPassword });
    expect(await passwordHashOf(camper.userId)).toBe(before);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: "x", newPassword: "short" }, /at least 8/],
    [{ currentPassword: "x", newPassword: "y".repeat(129) }, /at most 128/],
    [{ newPassword: "three canoes at dawn" }, /Password is required/],
    [{ currentPassword: "x", newPassword: "three canoes at dawn", role: "staff" }, /Unrecognized key/],
  ])("refuses %j with 400", async (payload, message) => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "PUT", url: "/api/user/password", headers: { cookie: camper.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it("refuses one of the most common passwords, in any letter case, kindly and before checking the old one", async () => {
    const camper = await registerCamper(app);
    const before = await passwordHashOf(camper.userId);
    for (const common of ["iloveyou", "Password1", "QWERTYUIOP"]) {
      const res = await changePassword(camper.cookie, "not-it-at-all", common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.commonPassword });
    }
    expect(await passwordHashOf(camper.userId)).toBe(before);
    // No wrong-password attempt was spent on them: five are still allowed before the wait.
    for (let i = 0; i < 5; i++) expect((await changePassword(camper.cookie, "not-it-at-all", "three canoes at dawn")).statusCode).toBe(403);
    expect((await changePassword(camper.cookie, "not-it-at-all", "three canoes at dawn")).statusCode).toBe(429);
  });

  it("is for signed-in people only", async () => {
    const res = await app.inject({ method: "PUT", url: "/api/user/password", payload: { currentPassword: "x", newPassword: "three canoes at dawn" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/user/sign-out-others", () => {
  it("signs out every other device of the account, keeps this one, and says how many", async () => {
    const camper = await registerCamper(app);
    const others = [await signIn(app, camper.credentials), await signIn(app, camper.credentials)];
    const bystander = await registerCamper(app);
    const res = await app.inject({ method: "POST", url: "/api/user/sign-out-others", headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 2 });
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(camper.cookie)).statusCode).toBe(200);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    // Nothing else to end the second time.
    expect((await app.inject({ method: "POST", url: "/api/user/sign-out-others", headers: { cookie: camper.cookie } })).json()).toEqual({ endedSessions: 0 });
  });
});

describe("common passwords", () => {
  it("refuses one at registration with a kind message, and stores nothing", async () => {
    const res = await app.inject({ method: "POST", url: "/api/register", payload: buildCredentials({ password: "Sunshine1" }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.commonPassword });
    const { db } = await testDatabase();
    expect(await queryRows(db, sql`SELECT 1 FROM users`)).toEqual([]);
  });

  it("knows the list's long entries in any letter case, and lets an uncommon passphrase through", async () => {
    for (const common of ["password", "12345678", "football", "iloveyou1", "LetMeIn123"]) expect(await isCommonPassword(common), common).toBe(true);
    for (const fine of ["sunny-lake-2026", "three canoes at dawn", "password\nfootball"]) expect(await isCommonPassword(fine), fine).toBe(false);
  });
});
