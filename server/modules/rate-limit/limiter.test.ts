import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { BUSY_SIGNING_IN, PasswordAttempts } from "../auth/password-attempts.ts";
import { RateLimiter, type Reservation } from "./limiter.ts";

const WINDOW = 900;

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const granted = (reservation: Reservation) => {
  if (!("slot" in reservation)) throw new Error(`no slot: ${JSON.stringify(reservation)}`);
  return reservation.slot;
};

describe("RateLimiter.reserve", () => {
  it("refuses at once when the window holds `limit` failures, however long it may wait", async () => {
    const limiter = new RateLimiter(db, { idleMs: 60_000, maxMs: 60_000 });
    for (let i = 0; i < 2; i++) await limiter.fail(granted(await limiter.reserve("fails", WINDOW, 2)));
    const refused = await limiter.reserve("fails", WINDOW, 2);
    expect(refused).toMatchObject({ refused: { count: 2 } });
  });

  it("keeps a caller waiting while the attempts ahead of it settle one by one, for longer than the idle wait in all", async () => {
    // One slot, eight callers, each holding it for a fifth of the idle wait: the last waits about
    // 1.6 idle waits in all, but never one idle wait without a settle.
    const limiter = new RateLimiter(db, { idleMs: 2_000, maxMs: 60_000 });
    const holdMs = 400;
    const order: number[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const reservation = await limiter.reserve("queue", WINDOW, 1);
        if (!("slot" in reservation)) return "refused";
        order.push(i);
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await limiter.succeed(reservation.slot);
        return "granted";
      }),
    );
    expect(outcomes).toEqual(Array(8).fill("granted"));
    expect(order).toHaveLength(8);
    // Successes never count: the window is empty again.
    expect(await limiter.peek("queue", WINDOW)).toMatchObject({ count: 0 });
  });

  it("answers busy once the undecided attempts stop settling for the idle wait", async () => {
    const limiter = new RateLimiter(db, { idleMs: 300, maxMs: 60_000 });
    const stuck = granted(await limiter.reserve("stuck", WINDOW, 1));
    // Nothing failed, so it is not a refusal for failures: the caller says the server is busy.
    const busy = await limiter.reserve("stuck", WINDOW, 1);
    expect(busy).toMatchObject({ busy: { count: 1 } });
    // The stuck attempt settling frees the slot for the next caller.
    await limiter.succeed(stuck);
    expect("slot" in (await limiter.reserve("stuck", WINDOW, 1))).toBe(true);
  });

  it("answers busy after the longest wait even while other attempts keep settling", async () => {
    const limiter = new RateLimiter(db, { idleMs: 300, maxMs: 1_500 });
    granted(await limiter.reserve("busy", WINDOW, 1));
    // Attempts of an older window settling: the waiters wake, the window they wait on stays full.
    const elsewhere = { key: "busy", windowStart: "2000-01-01 00:00:00+00" };
    const churn = setInterval(() => void limiter.succeed(elsewhere), 100);
    try {
      const started = Date.now();
      expect(await limiter.reserve("busy", WINDOW, 1)).toMatchObject({ busy: { count: 1 } });
      // Each settle restarted the idle wait, so only the longest wait (less its last pause) ended it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      clearInterval(churn);
    }
  });
});

describe("PasswordAttempts when the passwords ahead are not checked in time", () => {
  it("answers 429 saying the server is busy, checks nothing, and counts no failure", async () => {
    const limiter = new RateLimiter(db, { idleMs: 300, maxMs: 60_000 });
    const ahead = granted(await limiter.reserve("slow-camp", WINDOW, 1));
    let checked = false;
    const attempt = new PasswordAttempts(limiter).check([{ key: "slow-camp", limit: 1, refusal: "Too many failed sign-ins." }], async () => (checked = true));
    await expect(attempt).rejects.toMatchObject({ statusCode: 429, message: BUSY_SIGNING_IN });
    expect(checked).toBe(false);
    await limiter.succeed(ahead);
    expect(await limiter.peek("slow-camp", WINDOW)).toMatchObject({ count: 0 });
  });
});
