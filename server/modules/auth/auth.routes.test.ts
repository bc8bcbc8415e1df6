import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { App } from "../../app.ts";
import { buildCredentials, buildShowBody } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, signIn, testConfig } from "../../../testing/test-app.ts";
import { DEVICE_COOKIE } from "../../http/session-cookie.ts";
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

/** The device cookie a sign-in set, to send back as a browser would. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const cookies = [res.headers["set-cookie"]].flat().map(String);
  const device = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!device) throw new Error("no device cookie was set");
  expect(device).toMatch(/Path=\/api\/login/);
  expect(device).toMatch(/HttpOnly/);
  return device.split(";")[0]!;
}

const login = (target: App, payload: object, options: { address?: string; cookie?: string; forwardedFor?: string } = {}) =>
  target.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: options.address ?? "10.0.0.7",
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    payload,
  });

describe("sign-in limits", () => {
  it("a stranger's 5 wrong passwords slow new devices for that username, while the owner's known device keeps working", async () => {
    const camper = await registerCamper(app);
    const ownDevice = deviceCookieOf(await login(app, camper.credentials));
    for (let i = 0; i < 5; i++) {
      const res = await login(app, { username: camper.credentials.username, password: `guess-${i}-wrong` }, { address: "10.6.6.6" });
      expect(res.statusCode).toBe(401);
    }
    // The guessing device (no device cookie) waits, even with the right password.
    const stranger = await login(app, camper.credentials, { address: "10.6.6.6" });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/Too many failed sign-ins for this username.*wait 15 minutes/);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(800);
    // The owner's device, on the very same address, signs in.
    const owner = await login(app, camper.credentials, { address: "10.6.6.6", cookie: ownDevice });
    expect(owner.statusCode, owner.body).toBe(200);
    // Another camper is not affected.
    const other = await registerCamper(app);
    expect((await login(app, other.credentials, { address: "10.6.6.6" })).statusCode).toBe(200);
  });

  it("a known device that keeps guessing is slowed itself, without touching the owner's other devices", async () => {
    const camper = await registerCamper(app);
    const laptop = deviceCookieOf(await login(app, camper.credentials));
    const phone = deviceCookieOf(await login(app, camper.credentials));
    expect(laptop).not.toBe(phone);
    for (let i = 0; i < 5; i++) {
      expect((await login(app, { ...camper.credentials, password: "wrong-wrong" }, { cookie: laptop })).statusCode).toBe(401);
    }
    const slowed = await login(app, camper.credentials, { cookie: laptop });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/on this device/);
    expect((await login(app, camper.credentials, { cookie: phone })).statusCode).toBe(200);
    // Nor are new devices: the laptop's failures were its own.
    expect((await login(app, camper.credentials)).statusCode).toBe(200);
  });

  it("a device cookie of one account is a stranger's to another", async () => {
    const mine = await registerCamper(app);
    const victim = await registerCamper(app);
    const myDevice = deviceCookieOf(await login(app, mine.credentials));
    for (let i = 0; i < 5; i++) {
      await login(app, { username: victim.credentials.username, password: "wrong-wrong" }, { cookie: myDevice });
    }
    expect((await login(app, victim.credentials, { cookie: myDevice })).statusCode).toBe(429);
  });

  it("successful sign-ins count nothing: ten times the address limit of them, and sign-in and registration still work there", async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3" });
    try {
      const camper = await registerCamper(strict);
      const device = deviceCookieOf(await login(strict, camper.credentials));
      for (let i = 0; i < 30; i++) {
        // Many devices behind one camp address, each signing in right.
        const res = await login(strict, camper.credentials, { cookie: i % 2 ? device : undefined });
        if (res.statusCode !== 200) throw new Error(`sign-in ${i}: ${res.statusCode} ${res.body}`);
      }
      expect((await login(strict, camper.credentials)).statusCode).toBe(200);
      const reg = await strict.inject({ method: "POST", url: "/api/register", remoteAddress: "10.0.0.7", payload: buildCredentials() });
      expect(reg.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  }, 120_000);

  it("lets a whole camp of 60 behind one address sign up, mistype once each, and sign in without a 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const credentials = buildCredentials({ username: `camp_wifi_${i}` });
      const reg = await app.inject({ method: "POST", url: "/api/register", remoteAddress: "10.0.0.7", payload: credentials });
      const typo = await login(app, { ...credentials, password: "typo-typo" });
      const ok = await login(app, credentials);
      statuses.push(reg.statusCode, ok.statusCode);
      expect(typo.statusCode).toBe(401);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(new Set(statuses)).toEqual(new Set([201, 200]));
  }, 120_000);

  it("slows a password sprayer (many usernames, one address), but not the known devices there", async () => {
    const sprayed = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3" });
    try {
      const camper = await registerCamper(sprayed);
      const device = deviceCookieOf(await login(sprayed, camper.credentials, { address: "10.9.9.9" }));
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await login(sprayed, { username: `user${i}`, password: "whatever-pw" }, { address: "10.9.9.9" })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const sprayer = await login(sprayed, { username: "user9", password: "whatever-pw" }, { address: "10.9.9.9" });
      expect(sprayer.json().message).toMatch(/from this network/);
      expect((await login(sprayed, camper.credentials, { address: "10.9.9.9", cookie: device })).statusCode).toBe(200);
      // Another address is not affected.
      expect((await login(sprayed, { username: "user0", password: "whatever-pw" }, { address: "10.1.1.1" })).statusCode).toBe(401);
    } finally {
      await sprayed.close();
    }
  });

  it("stops a flood of registrations from one address", async () => {
    const flooded = await createTestApp({ REGISTRATIONS_PER_ADDRESS: "2" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await flooded.inject({ method: "POST", url: "/api/register", remoteAddress: "10.8.8.8", payload: buildCredentials() })).statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await flooded.close();
    }
  });
});

describe("trusted proxies", () => {
  const spoofed = async (target: App, address: string) => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(target, { username: `sprayed${i}`, password: "whatever-pw" }, { address, forwardedFor: `203.0.113.${i}` });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it("by default trusts no X-Forwarded-For: a client cannot pick a new address per request", async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3" });
    try {
      expect(await spoofed(limited, "198.51.100.1")).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("with one trusted hop, takes the address the proxy saw, not one the client wrote before it", async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3", TRUST_PROXY: "1" });
    try {
      // The client writes its own X-Forwarded-For; the proxy appends the real client address.
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await login(limited, { username: `u${i}`, password: "whatever-pw" }, { address: "10.0.0.1", forwardedFor: `203.0.113.${i}, 198.51.100.7` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // A different real client behind the same proxy has its own count.
      expect((await login(limited, { username: "u9", password: "whatever-pw" }, { address: "10.0.0.1", forwardedFor: "198.51.100.8" })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it("with a list, trusts only the proxies named, so a direct client's header is ignored", async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3", TRUST_PROXY: "10.0.0.1, 192.168.0.0/16" });
    try {
      expect(await spoofed(limited, "198.51.100.2")).toEqual([401, 401, 401, 429, 429, 429]);
      const viaProxy = await login(limited, { username: "x1", password: "whatever-pw" }, { address: "192.168.4.4", forwardedFor: "198.51.100.99" });
      expect(viaProxy.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it("refuses TRUST_PROXY=true at start-up, naming the safe choices", () => {
    expect(() => testConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be the number of proxies/);
    expect(() => testConfig({ TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(testConfig({}).trustProxy).toBe(false);
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
                 (SELECT count(*)::int FROM recordings WHERE user_id = ${camper.userId}) AS shows,
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
