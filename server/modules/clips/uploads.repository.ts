import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export type UploadRow = typeof schema.uploads.$inferSelect;
export interface UploadUsage {
  bytes: number;
  open: number;
}
const u = schema.uploads;

/** The first key of the per-camper advisory lock that admits new uploads one at a time (the camper's id is the second). */
const QUOTA_LOCK = 727_002;

/** Cut to milliseconds, the precision a JavaScript Date keeps, so the lease we hold compares equal. */
const leaseEnd = (seconds: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${seconds}))`;

/**
 * Resumable uploads (the uploads table). A camper finds only their own upload; the lease queries
 * (lock, renew, unlock) compare the lease end, so a writer touches only a lease it holds.
 */
export class UploadsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Saves a new upload if `admit` lets it in, given the camper's usage. Two creates of one camper take
   * turns (a transaction-scoped advisory lock on the camper), so two at the same instant cannot both
   * fit into the room that was left for one. `admit` refuses by throwing; nothing is saved then.
   */
  async createWithinQuota(values: typeof u.$inferInsert, admit: (usage: UploadUsage) => void): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, ${values.userId})`);
      admit(await this.usage(values.userId, undefined, tx));
      await tx.insert(u).values(values);
    });
  }

  async findOwned(userId: number, id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(u).where(and(eq(u.id, id), eq(u.userId, userId)));
    return row;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: u.id }).from(u).where(eq(u.id, id));
    return Boolean(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(u).where(eq(u.id, id));
  }

  /** The confirmed bytes (and the length, once known). */
  async saveProgress(id: string, offset: number, length: number | null): Promise<UploadRow> {
    const [updated] = await this.db
      .update(u)
      .set({ offset, ...(length !== null ? { length } : {}), updatedAt: sql`now()` })
      .where(eq(u.id, id))
      .returning();
    return updated!;
  }

  /** Refused for good; the row remembers why. */
  async markFailed(id: string, message: string): Promise<void> {
    await this.db.update(u).set({ status: "failed", failure: message, updatedAt: sql`now()` }).where(eq(u.id, id));
  }

  /** In the transaction that saves its clip: the upload became clip `clipId`. */
  async markDone(tx: Database, id: string, clipId: number): Promise<void> {
    await tx.update(u).set({ status: "done", clipId, updatedAt: sql`now()` }).where(eq(u.id, id));
  }

  /** Runs `work` in one transaction, so a finished upload's clip, show and state are saved together or not at all. */
  async transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Takes the lease for `seconds` unless someone holds it; the lease end taken, or undefined. */
  async lock(id: string, seconds: number): Promise<Date | undefined> {
    const [claimed] = await this.db
      .update(u)
      .set({ lockedUntil: leaseEnd(seconds) })
      .where(and(eq(u.id, id), sql`(${u.lockedUntil} IS NULL OR ${u.lockedUntil} < now())`))
      .returning({ until: u.lockedUntil });
    return claimed?.until ?? undefined;
  }

  /** Extends the lease ending `until` by `seconds` from now; the new end, or undefined when it is no longer ours. */
  async renew(id: string, until: Date, seconds: number): Promise<Date | undefined> {
    const [renewed] = await this.db
      .update(u)
      .set({ lockedUntil: leaseEnd(seconds) })
      .where(and(eq(u.id, id), eq(u.lockedUntil, until)))
      .returning({ until: u.lockedUntil });
    return renewed?.until ?? undefined;
  }

  async unlock(id: string, until: Date): Promise<void> {
    await this.db
      .update(u)
      .set({ lockedUntil: null })
      .where(and(eq(u.id, id), eq(u.lockedUntil, until)));
  }

  /** Frees every upload lock at once; how many there were. */
  async releaseAllLocks(): Promise<number> {
    const freed = await this.db.update(u).set({ lockedUntil: null }).where(sql`${u.lockedUntil} IS NOT NULL`).returning({ id: u.id });
    return freed.length;
  }

  /**
   * What the camper keeps: clips, the voice sample and unfinished uploads (their declared length, else
   * what arrived), leaving out upload `except`; and how many uploads are in progress.
   */
  async usage(userId: number, except?: string, executor: Database = this.db): Promise<UploadUsage> {
    const total = (n: unknown) => Number(n ?? 0);
    const [clips] = await executor
      .select({ bytes: sql<string>`coalesce(sum(${schema.clips.sizeBytes}), 0)` })
      .from(schema.clips)
      .where(eq(schema.clips.userId, userId));
    const [sample] = await executor
      .select({ bytes: sql<string>`coalesce(sum(${schema.voiceSamples.sizeBytes}), 0)` })
      .from(schema.voiceSamples)
      .where(eq(schema.voiceSamples.userId, userId));
    const [open] = await executor
      .select({
        bytes: sql<string>`coalesce(sum(coalesce(${u.length}, ${u.offset})) FILTER (WHERE ${u.id} <> ${except ?? ""}), 0)`,
        count: sql<string>`count(*)`,
      })
      .from(u)
      .where(and(eq(u.userId, userId), eq(u.status, "uploading")));
    return { bytes: total(clips?.bytes) + total(sample?.bytes) + total(open?.bytes), open: total(open?.count) };
  }
}
