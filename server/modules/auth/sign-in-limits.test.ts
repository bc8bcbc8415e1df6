import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { buildCredentials } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, testConfig } from "../../../testing/test-app.ts";
import { DEVICE_COOKIE } from "../../http/session-cookie.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

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
