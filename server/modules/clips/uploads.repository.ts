import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export type UploadRow = typeof schema.uploads.$inferSelect;
const u = schema.uploads;

/** Untouched for `days`: housekeeping's age for uploads nobody will come back for. */
const untouchedFor = (days: number) => sql`${u.updatedAt} < now() - make_interval(days => ${days})`;

/** Cut to milliseconds, the precision a JavaScript Date keeps, so the lease we hold compares equal. */
const leaseEnd = (seconds: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${seconds}))`;

/**
 * Resumable uploads (the uploads table). A camper finds only their own upload; the lease queries
 * (lock, renew, unlock) compare the lease end, so a writer touches only a lease it holds.
 */
export class UploadsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Saves a new upload, in the transaction that admitted it into the camper's space. `begunMsAgo`: how
   * long ago the camper began the section, taken from the database's clock as every other upload's time.
   */
  async insert(tx: Database, values: Omit<typeof u.$inferInsert, "begunAt">, begunMsAgo = 0): Promise<void> {
    await tx.insert(u).values({ ...values, begunAt: sql`now() - ${begunMsAgo}::double precision * interval '1 millisecond'` });
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

  /** Uploads still open but untouched for `days` and not being written right now (no live lease): abandoned. */
  abandoned(days: number): Promise<{ id: string; key: string }[]> {
    return this.db
      .select({ id: u.id, key: u.storageKey })
      .from(u)
      .where(and(eq(u.status, "uploading"), untouchedFor(days), sql`(${u.lockedUntil} IS NULL OR ${u.lockedUntil} < now())`));
  }

  async deleteByIds(ids: string[]): Promise<void> {
    if (ids.length) await this.db.delete(u).where(inArray(u.id, ids));
  }

  /** The records of uploads that finished (done or failed) and were untouched for `days`; how many went. */
  async deleteFinished(days: number): Promise<number> {
    const gone = await this.db
      .delete(u)
      .where(and(or(eq(u.status, "done"), eq(u.status, "failed")), untouchedFor(days)))
      .returning({ id: u.id });
    return gone.length;
  }
}
