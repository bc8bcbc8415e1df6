import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { renderPosterKey } from "../../media/render-poster.ts";
import type { JobRow } from "./render-jobs.repository.ts";

const parts = schema.renderParts;
const prepared = schema.renderPrepared;
const tickets = schema.renderPrepares;
const j = schema.renderJobs;

export type PreparedRow = typeof prepared.$inferSelect;
export type PrepareTicket = typeof tickets.$inferSelect;

/** The files a prepared video names: its video and its captions. */
const preparedFiles = (row: { outputKey: string; captionsKey: string | null }) => (row.captionsKey ? [row.outputKey, row.captionsKey] : [row.outputKey]);

/**
 * What render ahead keeps (decision 029d): a show's video parts, its video prepared in full, and the
 * tickets of shows waiting to be prepared. Parts and prepared videos are found by show and content key;
 * campers never see them until a render adopts a prepared video.
 */
export class RenderAheadRepository {
  constructor(private readonly db: Database) {}

  /** The show's parts among `keys` (key -> storage key), each marked used now. */
  async findParts(showId: number, keys: string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .update(parts)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(parts.showId, showId), inArray(parts.key, [...new Set(keys)])))
      .returning({ key: parts.key, storageKey: parts.storageKey });
    return new Map(rows.map((r) => [r.key, r.storageKey]));
  }

  /** A part made: the first writer's row stands (two workers making the same part write the same frames to the same key). */
  async savePart(values: typeof parts.$inferInsert): Promise<void> {
    await this.db.insert(parts).values(values).onConflictDoNothing();
  }

  /** Storage keys of everything render ahead holds for a show (to delete the files once the rows are gone). */
  async storageKeysOfShow(userId: number, showId: number): Promise<string[]> {
    const made = await this.db.select({ key: parts.storageKey }).from(parts).where(and(eq(parts.showId, showId), eq(parts.userId, userId)));
    const ready = await this.db
      .select({ outputKey: prepared.outputKey, captionsKey: prepared.captionsKey })
      .from(prepared)
      .where(and(eq(prepared.showId, showId), eq(prepared.userId, userId)));
    return [...made.map((r) => r.key), ...ready.flatMap(preparedFiles)];
  }

  /** Parts nobody used for `hours`: their rows deleted, their storage keys returned for the files to follow. */
  async evictUnused(hours: number): Promise<string[]> {
    const rows = await this.db
      .delete(parts)
      .where(lt(parts.lastUsedAt, sql`now() - make_interval(hours => ${hours})`))
      .returning({ key: parts.storageKey });
    return rows.map((r) => r.key);
  }

  /** Every file a prepared video names, and its video's picture (housekeeping's sweep leaves them be). */
  async preparedKeys(): Promise<string[]> {
    const rows = await this.db.select({ outputKey: prepared.outputKey, captionsKey: prepared.captionsKey }).from(prepared);
    return rows.flatMap((row) => [...preparedFiles(row), renderPosterKey(row.outputKey)]);
  }

  /**
   * Deletes the parts and prepared videos of these campers (they are made from media the retention rule
   * deletes) in `executor`, the rule's transaction; answers their files for the caller to delete.
   */
  async deleteOfUsers(userIds: number[], executor: Database = this.db): Promise<string[]> {
    if (userIds.length === 0) return [];
    const made = await executor.delete(parts).where(inArray(parts.userId, userIds)).returning({ key: parts.storageKey });
    const ready = await executor.delete(prepared).where(inArray(prepared.userId, userIds)).returning();
    return [...made.map((p) => p.key), ...ready.flatMap(preparedFiles)];
  }

  async findPrepared(showId: number): Promise<PreparedRow | undefined> {
    const [row] = await this.db.select().from(prepared).where(eq(prepared.showId, showId));
    return row;
  }

  /** The show's prepared video is now this one; answers the files of the one it replaced (deleted by the caller). */
  async replacePrepared(values: typeof prepared.$inferInsert): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const old = await tx.delete(prepared).where(eq(prepared.showId, values.showId)).returning();
      await tx.insert(prepared).values(values);
      return old.flatMap(preparedFiles);
    });
  }

  /**
   * The prepared video becomes a finished render of the show, in one transaction: its row goes (so only one
   * request adopts it) and a done render row names its files. Undefined when another request took it first
   * or it no longer matches `fingerprint`.
   */
  async adopt(userId: number, showId: number, fingerprint: string): Promise<JobRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [ready] = await tx
        .delete(prepared)
        .where(and(eq(prepared.showId, showId), eq(prepared.userId, userId), eq(prepared.fingerprint, fingerprint)))
        .returning();
      if (!ready) return undefined;
      await tx.delete(j).where(and(eq(j.userId, userId), eq(j.showId, showId), eq(j.status, "queued")));
      const [job] = await tx
        .insert(j)
        .values({
          userId,
          showId,
          fingerprint,
          options: ready.options,
          narration: ready.narration,
          status: "done",
          progress: 100,
          outputKey: ready.outputKey,
          captionsKey: ready.captionsKey,
          durationSeconds: ready.durationSeconds,
          finishedAt: sql`now()`,
        })
        .returning();
      return job;
    });
  }

  /**
   * The show changed: it is prepared once quiet for `debounceMs`, and at the latest `maxWaitMs` after its
   * first change not yet prepared (steady editing still gets prepared now and then).
   */
  async schedule(userId: number, showId: number, debounceMs: number, maxWaitMs: number): Promise<void> {
    const due = sql`now() + make_interval(secs => ${debounceMs / 1000})`;
    await this.db
      .insert(tickets)
      .values({ userId, showId, runAfter: due })
      .onConflictDoUpdate({
        target: tickets.showId,
        set: {
          requestedAt: sql`now()`,
          runAfter: sql`least(${due}, ${tickets.firstRequestedAt} + make_interval(secs => ${maxWaitMs / 1000}))`,
        },
      });
  }

  /** A clip or upload of the camper changed: each of their shows with clips is prepared again (an unchanged one is skipped cheaply). */
  async scheduleCamper(userId: number, debounceMs: number, maxWaitMs: number): Promise<void> {
    const due = sql`now() + make_interval(secs => ${debounceMs / 1000})`;
    await this.db.execute(sql`INSERT INTO render_prepares (show_id, user_id, run_after)
      SELECT DISTINCT show_id, user_id, ${due} FROM clips WHERE user_id = ${userId} AND show_id IS NOT NULL
      ON CONFLICT (show_id) DO UPDATE SET requested_at = now(),
        run_after = least(${due}, render_prepares.first_requested_at + make_interval(secs => ${maxWaitMs / 1000}))`);
  }

  /**
   * Takes a due ticket no worker holds, only while no render of anyone waits in the queue, so preparing never
   * comes before a render (SKIP LOCKED: workers never take the same ticket).
   */
  async claim(workerId: string): Promise<PrepareTicket | undefined> {
    const next = sql`(SELECT show_id FROM render_prepares WHERE locked_by IS NULL AND run_after <= now()
      AND NOT EXISTS (SELECT 1 FROM render_jobs WHERE status = 'queued')
      ORDER BY run_after, show_id LIMIT 1 FOR UPDATE SKIP LOCKED)`;
    const [ticket] = await this.db
      .update(tickets)
      .set({ lockedBy: workerId, claimedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(tickets.showId, next))
      .returning();
    return ticket;
  }

  async beat(workerId: string, showId: number): Promise<void> {
    await this.db.update(tickets).set({ heartbeatAt: sql`now()` }).where(and(eq(tickets.showId, showId), eq(tickets.lockedBy, workerId)));
  }

  /** Whether a render of the show is waiting or running (a preparation then steps aside: the render makes the rest). */
  async renderWaits(showId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: j.id })
      .from(j)
      .where(and(eq(j.showId, showId), inArray(j.status, ["queued", "running"])))
      .limit(1);
    return row !== undefined;
  }

  /** The preparation ended: the ticket goes, unless the show changed since it was taken (then it waits its turn again). */
  async release(workerId: string, showId: number): Promise<void> {
    const mine = and(eq(tickets.showId, showId), eq(tickets.lockedBy, workerId));
    const deleted = await this.db
      .delete(tickets)
      .where(and(mine, sql`${tickets.requestedAt} <= ${tickets.claimedAt}`))
      .returning({ showId: tickets.showId });
    if (deleted.length === 0) await this.db.update(tickets).set({ lockedBy: null, claimedAt: null, heartbeatAt: null }).where(mine);
  }

  /** Tickets held by a worker that stopped (or stopped beating `staleSeconds` ago) wait for another. */
  async handBack(workerId: string | null, staleSeconds = 0): Promise<void> {
    const which = workerId ? eq(tickets.lockedBy, workerId) : sql`${tickets.lockedBy} IS NOT NULL AND (${tickets.heartbeatAt} IS NULL OR ${tickets.heartbeatAt} < now() - make_interval(secs => ${staleSeconds}))`;
    await this.db.update(tickets).set({ lockedBy: null, claimedAt: null, heartbeatAt: null }).where(which);
  }
}
