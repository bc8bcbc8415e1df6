import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export interface WindowCount {
  count: number;
  /** Seconds until the current window ends and the count starts again. */
  resetInSeconds: number;
}

/** An attempt counted by `reserve` whose outcome is not known yet: `fail` keeps it, `succeed` takes it back. */
export interface Slot {
  key: string;
  /** The window the slot was taken in (as PostgreSQL prints it), so a later window is never touched. */
  windowStart: string;
}

export type Reservation = { slot: Slot } | { refused: WindowCount };

/**
 * How long `reserve` waits for undecided attempts to settle before refusing: argon2 queues one
 * hash per core, so a camp's worth of sign-ins at one moment can take a few seconds to drain.
 */
const RESERVE_WAIT_MS = 15_000;

/**
 * Fixed-window counters in the database, so every app instance shares one count. A window starts
 * at the first hit and lasts `windowSeconds`; the next hit after that starts a new one.
 */
export class RateLimiter {
  constructor(private readonly db: Database) {}

  /** Callers of `reserve` in this process waiting for a slot of a key to settle. */
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Adds one hit to `key` and returns the count in the current window, this hit included. */
  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const t = schema.rateLimits;
    const expired = sql`${t.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(t)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${t.windowStart} END`,
        },
      })
      .returning({
        count: t.count,
        resetIn: sql<number>`extract(epoch from (${t.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8`,
      });
    return { count: row!.count, resetInSeconds: Math.max(0, Number(row!.resetIn)) };
  }

  /** The count in the current window without adding to it. */
  async peek(key: string, windowSeconds: number): Promise<WindowCount> {
    const { count, resetInSeconds } = await this.window(key, windowSeconds);
    return { count, resetInSeconds };
  }

  /**
   * Counts an attempt whose outcome is not known yet (a password about to be checked) as one of
   * `limit` in the window, in one statement, so requests arriving together cannot all see room.
   * While the window is full only of undecided attempts this waits for them to settle (a success
   * gives its slot back), so honest sign-ins at the same moment are not refused for failures that
   * never happened; once `limit` attempts have failed it refuses.
   */
  async reserve(key: string, windowSeconds: number, limit: number): Promise<Reservation> {
    const deadline = Date.now() + RESERVE_WAIT_MS;
    for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
      const slot = await this.takeSlot(key, windowSeconds, limit);
      if (slot) return { slot };
      const window = await this.window(key, windowSeconds);
      const settled = window.count - window.pending;
      if (settled >= limit || Date.now() + pause > deadline) {
        return { refused: { count: window.count, resetInSeconds: window.resetInSeconds } };
      }
      await this.settledOrAfter(key, pause);
    }
  }

  /** The attempt failed: it stays counted. */
  async fail(slot: Slot): Promise<void> {
    await this.settle(slot, sql`${schema.rateLimits.count}`);
  }

  /** The attempt succeeded: it never counted. */
  async succeed(slot: Slot): Promise<void> {
    await this.settle(slot, sql`${schema.rateLimits.count} - 1`);
  }

  private async settle(slot: Slot, count: SQL): Promise<void> {
    const t = schema.rateLimits;
    await this.db
      .update(t)
      .set({ count, pending: sql`${t.pending} - 1` })
      .where(sql`${t.key} = ${slot.key} AND ${t.windowStart} = ${slot.windowStart}::timestamptz AND ${t.pending} > 0`);
    this.wake(slot.key);
  }

  private wake(key: string) {
    for (const wake of this.waiting.get(key) ?? []) wake();
  }

  /** One slot if the window has room (a new window always has), else undefined; never counts past `limit`. */
  private async takeSlot(key: string, windowSeconds: number, limit: number): Promise<Slot | undefined> {
    const t = schema.rateLimits;
    const expired = sql`${t.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(t)
      .values({ key, windowStart: sql`now()`, count: 1, pending: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
          pending: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.pending} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${t.windowStart} END`,
        },
        setWhere: sql`${expired} OR ${t.count} < ${limit}`,
      })
      .returning({ windowStart: sql<string>`${t.windowStart}::text` });
    return row ? { key, windowStart: row.windowStart } : undefined;
  }

  private async window(key: string, windowSeconds: number): Promise<WindowCount & { pending: number }> {
    const t = schema.rateLimits;
    const [row] = await this.db
      .select({
        count: t.count,
        pending: t.pending,
        resetIn: sql<number>`extract(epoch from (${t.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8`,
      })
      .from(t)
      .where(sql`${t.key} = ${key} AND ${t.windowStart} > now() - make_interval(secs => ${windowSeconds})`);
    return row
      ? { count: row.count, pending: row.pending, resetInSeconds: Math.max(0, Number(row.resetIn)) }
      : { count: 0, pending: 0, resetInSeconds: 0 };
  }

  /** Resolves when a slot of `key` settles in this process, or after `ms` (another instance may settle it). */
  private settledOrAfter(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(schema.rateLimits).where(sql`${schema.rateLimits.key} = ${key}`);
    this.wake(key);
  }

  /** Drops windows that ended long ago so the table stays small. */
  async prune(olderThanSeconds = 86_400): Promise<void> {
    await this.db
      .delete(schema.rateLimits)
      .where(sql`${schema.rateLimits.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`);
  }
}

/** "3 minutes", "1 minute", "40 seconds": the wait as a camper reads it. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
