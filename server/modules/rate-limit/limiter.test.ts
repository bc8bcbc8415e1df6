import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { RateLimiter, type Reservation } from "./limiter.ts";
import { RateLimitsRepository } from "./rate-limits.repository.ts";

const WINDOW = 900;

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const granted = (reservation: Reservation) => {
  if (!("slot" in reservation)) throw new Error(`no slot: ${JSON.stringify(reservation)}`);
  return reservation.slot;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database with a count of the statements sent through it (each builder call sends one). */
function counted(target: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const db = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (["select", "insert", "update", "delete", "execute"].includes(String(property))) statements++;
        return method.apply(object, args);
      };
    },
  });
  return { db, statements: () => statements };
}

describe("RateLimiter.reserve", () => {
  it("refuses at once when the window holds `limit` failures, however long it may wait", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 60_000, maxMs: 60_000, pollMs: 1_000 });
    for (let i = 0; i < 2; i++) await limiter.fail(granted(await limiter.reserve("fails", WINDOW, 2)));
    const started = Date.now();
    expect(await limiter.reserve("fails", WINDOW, 2)).toMatchObject({ refused: { count: 2 } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses every waiter as soon as the failures ahead of it settle, without waiting out the wait", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 60_000, maxMs: 60_000, pollMs: 60_000 });
    const ahead = await Promise.all(Array.from({ length: 3 }, async () => granted(await limiter.reserve("guesses", WINDOW, 3))));
    const started = Date.now();
    const waiting = Promise.all(Array.from({ length: 20 }, () => limiter.reserve("guesses", WINDOW, 3)));
    await sleep(100);
    for (const slot of ahead) await limiter.fail(slot);
    // No poll comes within the test (pollMs 60 s): the last failure's own statement told the waiters.
    expect(await waiting).toEqual(Array(20).fill({ refused: { count: 3, resetInSeconds: expect.any(Number) } }));
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("keeps honest callers beyond the limit waiting while the attempts ahead settle one by one, longer than the idle wait in all", async () => {
    // Two slots, twelve callers, each holding its slot for a fifth of the idle wait before it succeeds:
    // the last waits about 1.8 idle waits in all, but never one idle wait without a settle.
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 2_000, maxMs: 60_000, pollMs: 60_000 });
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const reservation = await limiter.reserve("camp", WINDOW, 2);
        if (!("slot" in reservation)) return JSON.stringify(reservation);
        await sleep(400);
        await limiter.succeed(reservation.slot);
        return "granted";
      }),
    );
    expect(outcomes).toEqual(Array(12).fill("granted"));
    // A fixed wait of one idle wait would have turned the last callers away.
    expect(Date.now() - started).toBeGreaterThan(2_000);
    // Successes never count: the window is empty again.
    expect(await limiter.peek("camp", WINDOW)).toMatchObject({ count: 0 });
  });

  it("answers busy, with nothing counted for the caller, once the undecided attempts stop settling for the idle wait", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 300, maxMs: 60_000, pollMs: 100 });
    const stuck = granted(await limiter.reserve("stuck", WINDOW, 1));
    // Nothing failed, so it is not a refusal for failures: the caller says the server is busy.
    expect(await limiter.reserve("stuck", WINDOW, 1)).toMatchObject({ busy: { count: 1 } });
    expect(await limiter.peek("stuck", WINDOW)).toMatchObject({ count: 1 });
    // The stuck attempt settling frees the slot for the next caller.
    await limiter.succeed(stuck);
    expect("slot" in (await limiter.reserve("stuck", WINDOW, 1))).toBe(true);
  });

  it("answers busy after the longest wait even while the attempts ahead keep settling", async () => {
    const limiter = new RateLimiter(new RateLimitsRepository(db), { idleMs: 400, maxMs: 1_200, pollMs: 60_000 });
    const ahead = await Promise.all(Array.from({ length: 30 }, async () => granted(await limiter.reserve("slow", WINDOW, 30))));
    // A failure every 100 ms: the window moves (each settle restarts the idle wait) but never has room.
    const settles: Promise<void>[] = [];
    const churn = setInterval(() => settles.push(limiter.fail(ahead.pop()!)), 100);
    try {
      const started = Date.now();
      expect(await limiter.reserve("slow", WINDOW, 30)).toMatchObject({ busy: { count: 30 } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
    } finally {
      clearInterval(churn);
      await Promise.all(settles);
    }
  });

  it("lets a crowd of waiters send no statements of their own (one poll a second for the key), so a settle never queues behind them", async () => {
    const { db: watched, statements } = counted(db);
    const limiter = new RateLimiter(new RateLimitsRepository(watched), { idleMs: 60_000, maxMs: 60_000, pollMs: 1_000 });
    const stuck = granted(await limiter.reserve("crowd", WINDOW, 1));
    let served = 0;
    // Each waiter gives its slot back as soon as it has it, so the next in line gets it.
    const crowd = Array.from({ length: 100 }, async () => {
      const reservation = await limiter.reserve("crowd", WINDOW, 1);
      if (!("slot" in reservation)) return;
      served++;
      await limiter.succeed(reservation.slot);
    });
    // Each waiter's own look is a take and a read; wait for all 200, then for their answers to be read.
    while (statements() < 1 + 200) await sleep(20);
    await sleep(200);
    const before = statements();
    await sleep(3_000);
    // One poll each 1 to 1.5 s. Waiters polling the database themselves sent hundreds (on PGlite's one
    // connection the settles queued behind them for the whole wait).
    expect(statements() - before).toBeLessThanOrEqual(3);
    const settleStarted = Date.now();
    await limiter.succeed(stuck);
    expect(Date.now() - settleStarted).toBeLessThan(1_000);
    await Promise.all(crowd);
    expect(served).toBe(100);
  }, 60_000);
});

describe("RateLimiter.reserve on two instances (the count lives in the database)", () => {
  const wait = { idleMs: 10_000, maxMs: 60_000, pollMs: 200 };

  it("gives a waiter on one instance the slot a success settled on the other", async () => {
    const [one, two] = [new RateLimiter(new RateLimitsRepository(db), wait), new RateLimiter(new RateLimitsRepository(db), wait)];
    const held = granted(await one.reserve("shared", WINDOW, 1));
    const waiting = two.reserve("shared", WINDOW, 1);
    await sleep(300);
    await one.succeed(held);
    // Nothing in the second instance's process settled: its poll saw the room.
    granted(await waiting);
    expect(await one.peek("shared", WINDOW)).toMatchObject({ count: 1 });
  });

  it("refuses a waiter on one instance once the failures settled on the other fill the window", async () => {
    const [one, two] = [new RateLimiter(new RateLimitsRepository(db), wait), new RateLimiter(new RateLimitsRepository(db), wait)];
    const held = granted(await one.reserve("shared-fails", WINDOW, 1));
    const waiting = two.reserve("shared-fails", WINDOW, 1);
    await sleep(300);
    await one.fail(held);
    expect(await waiting).toMatchObject({ refused: { count: 1 } });
  });
});
