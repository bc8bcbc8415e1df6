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
 * How long `reserve` waits for undecided attempts to settle. argon2 queues one hash per core, so a
 * camp's worth of sign-ins at one moment (registrations hashing in the same queue) can take far longer
 * than any one wait to drain on an old laptop: a caller keeps waiting while the window moves (an
 * attempt settles, here or on another instance) and refuses only after `idleMs` without any movement,
 * or after `maxMs` in all, well inside a browser's or proxy's patience.
 */
export interface ReserveWait {
  idleMs: number;
  maxMs: number;
}
const RESERVE_WAIT: ReserveWait = { idleMs: 15_000, maxMs: 55_000 };

/**
 * Fixed-window counters in the database, so every app instance shares one count. A window starts
 * at the first hit and lasts `windowSeconds`; the next hit after that starts a new one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly reserveWait: ReserveWait = RESERVE_WAIT,
  ) {}

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
   * never happened; once `limit` attempts have failed it refuses. It also refuses when the undecided
   * attempts stop settling (see `ReserveWait`).
   */
  async reserve(key: string, windowSeconds: number, limit: number): Promise<Reservation> {
    const started = Date.now();
    let idleSince = started;
    let seen: string | undefined;
    for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
      const slot = await this.takeSlot(key, windowSeconds, limit);
      if (slot) return { slot };
      const window = await this.window(key, windowSeconds);
      const settled = window.count - window.pending;
      // A settle and a new reservation between two looks can leave both figures as they were; a settle
      // in this process is seen directly, and another instance's moves the figures often enough.
      const state = `${window.count}/${window.pending}`;
      if (state !== seen) [seen, idleSince] = [state, Date.now()];
      const now = Date.now();
      const timedOut = now + pause > idleSince + this.reserveWait.idleMs || now + pause > started + this.reserveWait.maxMs;
      if (settled >= limit || timedOut) {
        return { refused: { count: window.count, resetInSeconds: window.resetInSeconds } };
      }
      if (await this.settledOrAfter(key, pause)) idleSince = Date.now();
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

  /**
   * Resolves true when a slot of `key` settles in this process, false after `ms` (another instance may
   * have settled one: the caller looks again).
   */
  private settledOrAfter(key: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, waiters);
      const finish = (settled: boolean) => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve(settled);
      };
      const wake = () => finish(true);
      const timer = setTimeout(() => finish(false), ms);
      waiters.add(wake);
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
