import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { RateLimiter } from "../rate-limit/limiter.ts";
import { RateLimitsRepository } from "../rate-limit/rate-limits.repository.ts";
import { BUSY_CHECKING, PasswordAttempts, QUARTER_HOUR } from "./password-attempts.ts";

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const username = { key: "login-failures:camper", limit: 5, refusal: "Too many failed sign-ins for this username from new devices." };
const address = { key: "login-failures-address:10.1.1.1", limit: 1, refusal: "Too many failed sign-ins from this network on new devices." };

describe("PasswordAttempts when the passwords ahead are not checked in time", () => {
  it("answers 429 saying the server is busy, checks nothing, and counts no failure on any limit", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 300, maxMs: 60_000, pollMs: 100 });
    // Another camper's password on the same address, still being checked (and never settling here).
    const ahead = await limiter.reserve(address.key, QUARTER_HOUR, address.limit);
    if (!("slot" in ahead)) throw new Error("the first attempt found no room");
    let checked = false;
    const attempt = new PasswordAttempts(limiter).check([username, address], async () => (checked = true));
    await expect(attempt).rejects.toMatchObject({ statusCode: 429, message: BUSY_CHECKING });
    expect(checked).toBe(false);
    // The username's slot, taken before the address's wait, was given back; the address holds only the other camper's.
    expect(await limiter.peek(username.key, QUARTER_HOUR)).toMatchObject({ count: 0 });
    expect(await limiter.peek(address.key, QUARTER_HOUR)).toMatchObject({ count: 1 });
    await limiter.succeed(ahead.slot);
    expect(await limiter.peek(address.key, QUARTER_HOUR)).toMatchObject({ count: 0 });
  });

  it("still answers the failures' refusal, not busy, when the attempts ahead failed", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 300, maxMs: 60_000, pollMs: 100 });
    const attempts = new PasswordAttempts(limiter);
    expect(await attempts.check([address], async () => false)).toBe(false);
    await expect(attempts.check([address], async () => true)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Too many failed sign-ins from this network on new devices\. Please wait 15 minutes/),
    });
  });
});
