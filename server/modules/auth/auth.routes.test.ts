import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { App } from "../../app.ts";
import { buildCredentials, buildShowBody } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, signIn } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const json = (payload: unknown, cookie?: string) => ({
  payload: payload as object,
  headers: cookie ? { cookie } : {},
});

describe("GET /api/user", () => {
  it("is 401 with a message when signed out", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.signedOut });
  });

  it("returns the signed-in user without any password field", async () => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: camper.userId,
      username: camper.credentials.username,
      subscriptionTier: "free",
      recordingsCount: 0,
      role: "camper",
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it("treats an unknown or forged cookie as signed out", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: "ss_session=forged" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/register", () => {
  it("creates a free-plan camper account with no shows, signs in, and stores an argon2id hash", async () => {
    const credentials = buildCredentials();
    const res = await app.inject({ method: "POST", url: "/api/register", ...json(credentials) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: credentials.username, subscriptionTier: "free", recordingsCount: 0 });
    expect(res.body).not.toMatch(/password/i);

    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/ss_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; Secure is set behind HTTPS

    const { db } = await testDatabase();
    const rows = await queryRows<{ password_hash: string }>(
      db,
      sql`SELECT password_hash FROM users WHERE username = ${credentials.username}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a username taken in any letter case with 409", async () => {
    await registerCamper(app, { username: "Maya.Lake" });
    const res = await app.inject({ method: "POST", url: "/api/register", ...json(buildCredentials({ username: "maya.lake" })) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.usernameTaken });
  });

  it.each([
    [{ username: "ab", password: "longenough" }, /at least 3/],
    [{ username: "a".repeat(33), password: "longenough" }, /at most 32/],
    [{ username: "no spaces", password: "longenough" }, /letters, digits/],
    [{ username: "émile", password: "longenough" }, /letters, digits/],
    [{ username: "maya", password: "short" }, /at least 8/],
    [{ username: "maya", password: "x".repeat(129) }, /at most 128/],
    [{ username: "maya" }, /Password is required/],
    [{ username: 42, password: "longenough" }, /Username must be text/],
    [{ username: "maya", password: "longenough", isAdmin: true }, /Unrecognized key/],
  ])("rejects %j with 400 and stores nothing", async (body, message) => {
    const res = await app.inject({ method: "POST", url: "/api/register", ...json(body) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    const { db } = await testDatabase();
    const count = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
    expect(count[0]!.n).toBe(0);
  });

  it("accepts the full allowed alphabet and a long passphrase without composition rules", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/register",
      ...json({ username: "Cam_per-1.x", password: "all lowercase words are fine here" }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("POST /api/login and /api/logout", () => {
  it("signs in with the right password in any username case, with a new session id each time", async () => {
    const camper = await registerCamper(app);
    const first = await signIn(app, { ...camper.credentials, username: camper.credentials.username.toUpperCase() });
    const second = await signIn(app, camper.credentials);
    expect(first).not.toBe(camper.cookie);
    expect(second).not.toBe(first);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: second } });
    expect(me.json().id).toBe(camper.userId);
  });

  it("ends the previous session of the same browser at sign-in", async () => {
    const camper = await registerCamper(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      ...json(camper.credentials, camper.cookie),
    });
    expect(res.statusCode).toBe(200);
    const old = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it("gives one 401 message for a wrong password and for an unknown username", async () => {
    const camper = await registerCamper(app);
    const wrongPassword = await app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ username: camper.credentials.username, password: "not-the-password" }),
    });
    const unknownUser = await app.inject({
      method: "POST",
      url: "/api/login",
      ...json({ username: "nobody_here", password: "not-the-password" }),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it("logout ends the session on the server, not just in the browser", async () => {
    const camper = await registerCamper(app);
    const out = await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: camper.cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/ss_session=;/);
    // Replaying the old cookie does not work.
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("sets the Secure flag and HSTS only when HTTPS came through a trusted proxy", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const res = await proxied.inject({
        method: "POST",
        url: "/api/register",
        headers: { "x-forwarded-proto": "https" },
        payload: buildCredentials(),
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers["set-cookie"])).toMatch(/Secure/);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
      const plain = await proxied.inject({ method: "GET", url: "/api/app-info" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // With no trusted proxy (the default) a client-written X-Forwarded-Proto changes nothing.
    const direct = await app.inject({ method: "POST", url: "/api/register", headers: { "x-forwarded-proto": "https" }, payload: buildCredentials() });
    expect(String(direct.headers["set-cookie"])).not.toMatch(/Secure/);
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("sessions persist in the database", () => {
  it("a session made by one app instance is honoured by another on the same database", async () => {
    const camper = await registerCamper(app);
    const second = await createTestApp();
    try {
      const me = await second.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
      expect(me.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("an expired session is signed out", async () => {
    const camper = await registerCamper(app);
    const { db } = await testDatabase();
    await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute'`);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("DELETE /api/user", () => {
  it("needs the password, then deletes the account, its sessions and its shows", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload: buildShowBody() });
    await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: other.cookie }, payload: buildShowBody() });

    const wrong = await app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: camper.cookie }, payload: { password: "not-it-at-all" } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongPassword });

    const res = await app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie: camper.cookie },
      payload: { password: camper.credentials.password },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/ss_session=;/);

    const { db } = await testDatabase();
    const left = await queryRows<{ users: number; shows: number; sessions: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM users WHERE id = ${camper.userId}) AS users,
                 (SELECT count(*)::int FROM shows WHERE user_id = ${camper.userId}) AS shows,
                 (SELECT count(*)::int FROM sessions WHERE user_id = ${camper.userId}) AS sessions`,
    );
    expect(left[0]).toEqual({ users: 0, shows: 0, sessions: 0 });
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(me.statusCode).toBe(401);
    // The other camper keeps everything, and the username is free again.
    const theirs = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: other.cookie } });
    expect(theirs.json()).toHaveLength(1);
    const again = await app.inject({ method: "POST", url: "/api/register", payload: camper.credentials });
    expect(again.statusCode).toBe(201);
  });
});
