import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export interface StorageUsage {
  /** Clips, the voice sample, unfinished uploads and space held for bytes still arriving. */
  bytes: number;
  /** Uploads in progress. */
  open: number;
}

/** What a usage count leaves out: the thing being checked, so it is not counted against itself. */
export interface UsageExcept {
  /** An unfinished upload (its declared length or bytes so far). */
  upload?: string;
  /** A reservation (what its writer holds so far). */
  reservation?: string;
  /** The voice sample, which a new one replaces. */
  sample?: boolean;
}

/** The first key of the per-camper advisory lock their quota checks take turns under (the camper's id is the second). */
const QUOTA_LOCK = 727_002;

const r = schema.storageReservations;
const u = schema.uploads;

/**
 * A camper's use of their space, and the reservations that hold space for bytes still arriving. Every
 * check that admits bytes runs in `underCamperLock`, so two writers of one camper take turns and
 * cannot both fit into the room that was left for one.
 */
export class StorageQuotaRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in a transaction holding the camper's quota lock (released at commit or rollback). */
  underCamperLock<T>(userId: number, work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`);
      return work(tx);
    });
  }

  /** One statement, as it runs for every slice of every upload. Lapsed reservations (dead writers) do not count. */
  async usage(userId: number, except: UsageExcept = {}, executor: Database = this.db): Promise<StorageUsage> {
    const result = await executor.execute(sql`
      SELECT
        (SELECT coalesce(sum(${schema.clips.sizeBytes}), 0) FROM ${schema.clips} WHERE ${schema.clips.userId} = ${userId})
        + (SELECT coalesce(sum(${schema.voiceSamples.sizeBytes}), 0) FROM ${schema.voiceSamples}
           WHERE ${schema.voiceSamples.userId} = ${userId} AND NOT ${Boolean(except.sample)})
        + (SELECT coalesce(sum(coalesce(${u.length}, ${u.offset})), 0) FROM ${u}
           WHERE ${u.userId} = ${userId} AND ${u.status} = 'uploading' AND ${u.id} <> ${except.upload ?? ""})
        + (SELECT coalesce(sum(${r.bytes}), 0) FROM ${r}
           WHERE ${r.userId} = ${userId} AND ${r.heldUntil} > now() AND ${r.id} <> ${except.reservation ?? ""}) AS bytes,
        (SELECT count(*) FROM ${u} WHERE ${u.userId} = ${userId} AND ${u.status} = 'uploading') AS open
    `);
    // PGlite and node-postgres both answer with `rows`; sums and counts come back as text or numbers.
    const [row] = (result as unknown as { rows: { bytes: string | number; open: string | number }[] }).rows;
    return { bytes: Number(row?.bytes ?? 0), open: Number(row?.open ?? 0) };
  }

  /** Holds `bytes` under reservation `id` for `seconds` (replacing what it held). Inside `underCamperLock`. */
  async hold(tx: Database, values: { id: string; userId: number; bytes: number; seconds: number }): Promise<void> {
    const heldUntil = sql`now() + make_interval(secs => ${values.seconds})`;
    await tx
      .insert(r)
      .values({ id: values.id, userId: values.userId, bytes: values.bytes, heldUntil })
      .onConflictDoUpdate({ target: r.id, set: { bytes: values.bytes, heldUntil } });
  }

  /** Keeps a live writer's reservation from lapsing. */
  async renew(id: string, seconds: number): Promise<void> {
    await this.db
      .update(r)
      .set({ heldUntil: sql`now() + make_interval(secs => ${seconds})` })
      .where(eq(r.id, id));
  }

  async release(id: string): Promise<void> {
    await this.db.delete(r).where(eq(r.id, id));
  }

  /** Reservations whose writer stopped renewing them (they already count for nothing); how many went. */
  async deleteLapsed(): Promise<number> {
    const gone = await this.db.delete(r).where(lt(r.heldUntil, sql`now()`)).returning({ id: r.id });
    return gone.length;
  }
}
