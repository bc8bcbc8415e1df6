import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export interface WindowCount {
  count: number;
  /** Seconds until the current window ends and the count starts again. */
  resetInSeconds: number;
}

/**
 * Fixed-window counters in the database, so every app instance shares one count. A window starts
 * at the first hit and lasts `windowSeconds`; the next hit after that starts a new one.
 */
export class RateLimiter {
  constructor(private readonly db: Database) {}

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
    const t = schema.rateLimits;
    const rows = await this.db
      .select({
        count: t.count,
        resetIn: sql<number>`extract(epoch from (${t.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8`,
      })
      .from(t)
      .where(sql`${t.key} = ${key} AND ${t.windowStart} > now() - make_interval(secs => ${windowSeconds})`);
    const row = rows[0];
    return row ? { count: row.count, resetInSeconds: Math.max(0, Number(row.resetIn)) } : { count: 0, resetInSeconds: 0 };
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(schema.rateLimits).where(sql`${schema.rateLimits.key} = ${key}`);
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
