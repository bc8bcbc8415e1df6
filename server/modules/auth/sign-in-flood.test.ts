import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { DEVICE_COOKIE } from "../../http/session-cookie.ts";

/**
 * Requests sent at the same moment. On PostgreSQL (the server-postgres project) they run on separate
 * connections at once; a limit read before the password is checked and written after lets every one
 * of them through, where each attempt must be counted before its password is checked.
 */
const PARALLEL = 60;

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const login = (target: App, payload: object, options: { address?: string; cookie?: string } = {}) =>
  target.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: options.address ?? "10.0.0.7",
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload,
  });

function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const device = [res.headers["set-cookie"]].flat().map(String).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!device) throw new Error("no device cookie was set");
  return device.split(";")[0]!;
}

/** How many answers had each status. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

describe("sign-in limits under a flood of parallel requests", () => {
  it(`checks 5 of ${PARALLEL} wrong passwords sent at once for one username from an unknown device; the rest wait, and the owner's device signs in`, async () => {
    const camper = await registerCamper(app);
    const ownDevice = deviceCookieOf(await login(app, camper.credentials));
    const guesses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(app, { username: camper.credentials.username, password: `guess-${i}-wrong` }, { address: "10.6.6.6" })),
    );
    // A 401 is a password that was checked; a 429 one that never was.
    expect(tally(guesses.map((r) => r.statusCode))).toEqual({ 401: 5, 429: PARALLEL - 5 });
    expect(guesses.find((r) => r.statusCode === 429)!.json().message).toMatch(/Too many failed sign-ins for this username/);
    // Even the right password waits on a new device now; the owner's own device does not.
    expect((await login(app, camper.credentials, { address: "10.6.6.6" })).statusCode).toBe(429);
    expect((await login(app, camper.credentials, { address: "10.6.6.6", cookie: ownDevice })).statusCode).toBe(200);
  }, 120_000);

  it(`checks ${PARALLEL} guesses on the owner's own device no more than 5 times, and the owner's other device signs in`, async () => {
    const camper = await registerCamper(app);
    const laptop = deviceCookieOf(await login(app, camper.credentials));
    const phone = deviceCookieOf(await login(app, camper.credentials));
    const guesses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(app, { username: camper.credentials.username, password: `guess-${i}-wrong` }, { cookie: laptop })),
    );
    expect(tally(guesses.map((r) => r.statusCode))).toEqual({ 401: 5, 429: PARALLEL - 5 });
    expect((await login(app, camper.credentials, { cookie: phone })).statusCode).toBe(200);
  }, 120_000);

  it(`checks 3 of ${PARALLEL} guesses sent at once for many usernames from one address when the address limit is 3, and a known device there signs in`, async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3" });
    try {
      const camper = await registerCamper(strict);
      const device = deviceCookieOf(await login(strict, camper.credentials, { address: "10.9.9.9" }));
      const sprayed = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => login(strict, { username: `sprayed_${i}`, password: "whatever-pw" }, { address: "10.9.9.9" })),
      );
      expect(tally(sprayed.map((r) => r.statusCode))).toEqual({ 401: 3, 429: PARALLEL - 3 });
      expect(sprayed.find((r) => r.statusCode === 429)!.json().message).toMatch(/from this network/);
      expect((await login(strict, camper.credentials, { address: "10.9.9.9", cookie: device })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  }, 120_000);

  it("lets 20 campers on new devices behind one address sign in at the same moment when the address limit is 3: successes never count", async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: "3" });
    try {
      const campers = [];
      for (let i = 0; i < 20; i++) campers.push(await registerCamper(strict));
      // Two wrong passwords first: one slot is left, and 20 right passwords share it in turn.
      for (const camper of campers.slice(0, 2)) {
        expect((await login(strict, { ...camper.credentials, password: "typo-typo" })).statusCode).toBe(401);
      }
      const signIns = await Promise.all(campers.map((camper) => login(strict, camper.credentials)));
      expect(tally(signIns.map((r) => r.statusCode))).toEqual({ 200: 20 });
      // And the one slot left is still there for a mistake.
      expect((await login(strict, { username: "nobody_here", password: "typo-typo" })).statusCode).toBe(401);
      expect((await login(strict, { username: "nobody_here", password: "typo-typo" })).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  }, 120_000);

  it(`checks the password typed again to change it no more than 5 times of ${PARALLEL} sent at once`, async () => {
    const camper = await registerCamper(app);
    const attempts = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        app.inject({
          method: "PUT",
          url: "/api/user/password",
          headers: { cookie: camper.cookie },
          payload: { currentPassword: `guess-${i}-wrong`, newPassword: "a-brand-new-passphrase" },
        }),
      ),
    );
    expect(tally(attempts.map((r) => r.statusCode))).toEqual({ 403: 5, 429: PARALLEL - 5 });
    expect(attempts.find((r) => r.statusCode === 429)!.json().message).toMatch(/Too many wrong passwords/);
  }, 120_000);
});
