import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { App } from "../../app.ts";
import { cardCamper, signInWithCode } from "../../../testing/cards.ts";
import { createLoggedTestApp, registerStaff, type CapturedLog } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { DEVICE_COOKIE } from "../../http/session-cookie.ts";

let app: App;
let log: CapturedLog;
beforeAll(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterAll(() => app.close());

const loginWithCode = (code: unknown, options: { address?: string; cookie?: string } = {}) =>
  app.inject({
    method: "POST",
    url: "/api/login/code",
    payload: { code } as object,
    remoteAddress: options.address ?? "10.1.2.3",
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** A code of the card's alphabet that differs from `code` in its last character (same account, wrong code). */
const almost = (code: string) => code.slice(0, -1) + (code.endsWith("A") ? "B" : "A");

describe("POST /api/login/code", () => {
  it("signs a camper in with their card's code: the same user answer, session and device cookies as a password", async () => {
    const camper = await cardCamper();
    const res = await loginWithCode(camper.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: camper.userId, username: camper.username, subscriptionTier: "free", recordingsCount: 0, role: "camper" });
    const cookies = [res.headers["set-cookie"]].flat().map(String);
    expect(cookies.find((c) => c.startsWith("ss_session="))).toMatch(/HttpOnly/i);
    expect(cookies.some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
    const session = cookies.find((c) => c.startsWith("ss_session="))!.split(";")[0]!;
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session } });
    expect(me.json()).toMatchObject({ id: camper.userId });
  });

  it("accepts the code in lower case, with spaces and without its dash", async () => {
    const camper = await cardCamper();
    const plain = camper.code.replace("-", "");
    for (const typed of [camper.code.toLowerCase(), ` ${plain.slice(0, 4).toLowerCase()} ${plain.slice(4)} `, plain]) {
      expect((await loginWithCode(typed)).statusCode, typed).toBe(200);
    }
  });

  it("refuses a wrong code with a message a camper understands", async () => {
    const camper = await cardCamper();
    const res = await loginWithCode(almost(camper.code));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.wrongCode });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a malformed code (look-alike letters, too short, too long) the same way, and an empty one as a bad request", async () => {
    for (const typed of ["KQ0M-3XPR", "KQ7M", "KQ7M-3XPR-9", "!!!!????"]) {
      const res = await loginWithCode(typed);
      expect(res.statusCode, typed).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.wrongCode });
    }
    expect((await loginWithCode("")).statusCode).toBe(400);
    expect((await loginWithCode(42)).json()).toEqual({ message: "Code must be text" });
  });

  it("never signs a staff member in by code: staff have no cards", async () => {
    const staff = await registerStaff(app);
    const { db } = await testDatabase();
    // Even a staff row that somehow holds a card's columns is not found by one.
    const camper = await cardCamper();
    await queryRows(db, sql`UPDATE users SET role = 'counselor' WHERE id = ${camper.userId}`);
    expect((await loginWithCode(camper.code)).statusCode).toBe(401);
    const rows = await queryRows<{ login_code_hash: string | null }>(db, sql`SELECT login_code_hash FROM users WHERE id = ${staff.userId}`);
    expect(rows[0]!.login_code_hash).toBeNull();
  });

  it("waits after 5 wrong codes for one card from new devices, while the owner's own device still signs in", async () => {
    const camper = await cardCamper();
    const own = await loginWithCode(camper.code);
    const device = [own.headers["set-cookie"]].flat().map(String).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(";")[0]!;
    for (let i = 0; i < 5; i++) expect((await loginWithCode(almost(camper.code), { address: "10.9.9.9" })).statusCode).toBe(401);
    const waiting = await loginWithCode(camper.code, { address: "10.9.9.9" });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/^Too many wrong codes for this card\. Please wait/);
    expect(waiting.headers["retry-after"]).toBeDefined();
    expect((await loginWithCode(camper.code, { address: "10.9.9.9", cookie: device })).statusCode).toBe(200);
  });

  it("keeps the code out of the request log", async () => {
    const camper = await cardCamper();
    await loginWithCode(camper.code);
    await loginWithCode(almost(camper.code));
    expect(log.text()).toContain("/api/login/code");
    expect(log.text()).not.toContain(camper.code);
    expect(log.text()).not.toContain(camper.code.replace("-", ""));
  });

  it("keeps working after the camper adds a password, and the password works too", async () => {
    const camper = await cardCamper();
    const cookie = await signInWithCode(app, camper.code);
    const added = await app.inject({ method: "PUT", url: "/api/user/password", headers: { cookie }, payload: { newPassword: "my-own-campfire-song" } });
    expect(added.statusCode).toBe(204);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: camper.username, password: "my-own-campfire-song" } })).statusCode).toBe(200);
    expect((await loginWithCode(camper.code)).statusCode).toBe(200);
  });
});
