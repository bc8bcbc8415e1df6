import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { RateLimiter, type Reservation } from "./limiter.ts";

const WINDOW = 900;

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const granted = (reservation: Reservation) => {
  if ("refused" in reservation) throw new Error(`refused: ${JSON.stringify(reservation.refused)}`);
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
        if ("refused" in reservation) return "refused";
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

  it("refuses once the undecided attempts stop settling for the idle wait", async () => {
    const limiter = new RateLimiter(db, { idleMs: 300, maxMs: 60_000 });
    const stuck = granted(await limiter.reserve("stuck", WINDOW, 1));
    const refused = await limiter.reserve("stuck", WINDOW, 1);
    expect(refused).toMatchObject({ refused: { count: 1 } });
    // The stuck attempt settling frees the slot for the next caller.
    await limiter.succeed(stuck);
    expect("slot" in (await limiter.reserve("stuck", WINDOW, 1))).toBe(true);
  });

  it("refuses after the longest wait even while other attempts keep settling", async () => {
    const limiter = new RateLimiter(db, { idleMs: 300, maxMs: 1_500 });
    granted(await limiter.reserve("busy", WINDOW, 1));
    // Attempts of an older window settling: the waiters wake, the window they wait on stays full.
    const elsewhere = { key: "busy", windowStart: "2000-01-01 00:00:00+00" };
    const churn = setInterval(() => void limiter.succeed(elsewhere), 100);
    try {
      const started = Date.now();
      expect(await limiter.reserve("busy", WINDOW, 1)).toMatchObject({ refused: { count: 1 } });
      // Each settle restarted the idle wait, so only the longest wait (less its last pause) ended it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      clearInterval(churn);
    }
  });
});
