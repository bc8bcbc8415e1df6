import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { Slot, WindowCount } from "./limiter.ts";
import type { WindowState } from "./wait-line.ts";

const t = schema.rateLimits;

/** Seconds until the window of the row in hand ends, by the database's clock. */
const resetIn = (windowSeconds: number) => sql<number>`extract(epoch from (${t.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8`;

/** A window that ended `windowSeconds` after it started: the next hit starts a new one. */
const expired = (windowSeconds: number) => sql`${t.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;

/**
 * The fixed-window counters (rate_limits), one row per key, shared by every app instance. Each change is
 * one statement, so requests arriving together are counted one after the other.
 */
export class RateLimitsRepository {
  constructor(private readonly db: Database) {}

  /** Adds one hit to `key` and returns the count in the current window, this hit included. */
  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const ended = expired(windowSeconds);
    const [row] = await this.db
      .insert(t)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.count} + 1 END`,
          windowStart: sql`CASE WHEN ${ended} THEN now() ELSE ${t.windowStart} END`,
        },
      })
      .returning({ count: t.count, resetIn: resetIn(windowSeconds) });
    return { count: row!.count, resetInSeconds: Math.max(0, Number(row!.resetIn)) };
  }

  /** One slot if the window has room (a new window always has), else undefined; never counts past `limit`. */
  async takeSlot(key: string, windowSeconds: number, limit: number): Promise<Slot | undefined> {
    const ended = expired(windowSeconds);
    const [row] = await this.db
      .insert(t)
      .values({ key, windowStart: sql`now()`, count: 1, pending: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.count} + 1 END`,
          pending: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.pending} + 1 END`,
          windowStart: sql`CASE WHEN ${ended} THEN now() ELSE ${t.windowStart} END`,
        },
        setWhere: sql`${ended} OR ${t.count} < ${limit}`,
      })
      .returning({ windowStart: sql<string>`${t.windowStart}::text` });
    return row ? { key, windowStart: row.windowStart, windowSeconds } : undefined;
  }

  /**
   * Settles one slot of its own window (a later window is never touched): a failure stays counted, a
   * success is taken back. The window after, or undefined when it was cleared or a new one began.
   */
  async settle(slot: Slot, outcome: "failed" | "succeeded"): Promise<WindowState | undefined> {
    const count = outcome === "failed" ? sql`${t.count}` : sql`${t.count} - 1`;
    const [row] = await this.db
      .update(t)
      .set({ count, pending: sql`${t.pending} - 1` })
      .where(sql`${t.key} = ${slot.key} AND ${t.windowStart} = ${slot.windowStart}::timestamptz AND ${t.pending} > 0`)
      .returning({ count: t.count, pending: t.pending, resetIn: resetIn(slot.windowSeconds) });
    return row ? { count: row.count, pending: row.pending, resetInSeconds: Number(row.resetIn) } : undefined;
  }

  /** The current window of `key`, or undefined when none is running. */
  async window(key: string, windowSeconds: number): Promise<WindowState | undefined> {
    const [row] = await this.db
      .select({ count: t.count, pending: t.pending, resetIn: resetIn(windowSeconds) })
      .from(t)
      .where(sql`${t.key} = ${key} AND ${t.windowStart} > now() - make_interval(secs => ${windowSeconds})`);
    return row ? { count: row.count, pending: row.pending, resetInSeconds: Math.max(0, Number(row.resetIn)) } : undefined;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(t).where(sql`${t.key} = ${key}`);
  }

  /** Drops windows that ended long ago so the table stays small. */
  async prune(olderThanSeconds: number): Promise<void> {
    await this.db.delete(t).where(sql`${t.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`);
  }
}
