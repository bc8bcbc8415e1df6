import { TransactionRollbackError, and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { renderPosterKey } from "../../media/render-poster.ts";
import { camperRowsBefore } from "../auth/users.repository.ts";
import { camperMedia, type CamperMedia, type RowFile } from "../../media/row-files.ts";

export type JobRow = typeof schema.renderJobs.$inferSelect;
export type RenderOptions = JobRow["options"];
type NewJob = { userId: number; showId: number; fingerprint: string; options: RenderOptions; narration?: string | null };
const j = schema.renderJobs;

/** The files a render row names: its video and its captions. */
export function renderFiles(row: Pick<JobRow, "outputKey" | "captionsKey">): RowFile[] {
  const files: RowFile[] = [];
  if (row.outputKey) files.push({ key: row.outputKey, name: ".mp4" });
  if (row.captionsKey) files.push({ key: row.captionsKey, name: ".vtt" });
  return files;
}

/** Every file a render row leads to: its files and the still picture made from its video. */
const keysWithPoster = (row: Pick<JobRow, "outputKey" | "captionsKey">) => [
  ...renderFiles(row).map((f) => f.key),
  ...(row.outputKey ? [renderPosterKey(row.outputKey)] : []),
];

/**
 * The render queue (render_jobs). What a camper reads is owner-scoped: another camper's render is
 * never found. What the worker changes is scoped to the jobs it holds (`lockedBy`), so a job another
 * worker took over is left alone.
 */
export class RenderJobsRepository {
  constructor(private readonly db: Database) {}

  /** The newest render of the show with this fingerprint that is queued, running or done. */
  async findReusable(userId: number, showId: number, fingerprint: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(j)
      .where(and(eq(j.showId, showId), eq(j.userId, userId), eq(j.fingerprint, fingerprint), inArray(j.status, ["queued", "running", "done"])))
      .orderBy(desc(j.id))
      .limit(1);
    return row;
  }

  async create(values: NewJob): Promise<JobRow> {
    const [row] = await this.db.insert(j).values(values).returning();
    return row!;
  }

  /**
   * Queues a render in place of the show's render still waiting (not yet running), unless the camper
   * already has `perCamper` renders waiting or running: then "full" and nothing changes. The camper's
   * row is locked meanwhile, so requests at the same moment are counted one after the other.
   */
  async enqueue(values: NewJob, perCamper: number): Promise<JobRow | "full"> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, values.userId)).for("update");
      await tx.delete(j).where(and(eq(j.userId, values.userId), eq(j.showId, values.showId), eq(j.status, "queued")));
      const [{ waiting } = { waiting: 0 }] = await tx
        .select({ waiting: sql<number>`count(*)::int` })
        .from(j)
        .where(and(eq(j.userId, values.userId), inArray(j.status, ["queued", "running"])));
      // Undoes the replacement too: a refused request changes nothing.
      if (waiting >= perCamper) tx.rollback();
      const [job] = await tx.insert(j).values(values).returning();
      return job!;
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return "full" as const;
      throw error;
    });
  }

  /** The owner's render with its show's video format and title. */
  async findOwnedWithShow(userId: number, id: number): Promise<{ job: JobRow; format: string; title: string } | undefined> {
    const [found] = await this.db
      .select({ job: j, format: schema.shows.videoFormat, title: schema.shows.title })
      .from(j)
      .innerJoin(schema.shows, eq(schema.shows.id, j.showId))
      .where(and(eq(j.id, id), eq(j.userId, userId)));
    return found;
  }

  /** The show's newest renders, newest first. */
  async listOfShow(userId: number, showId: number, limit: number): Promise<JobRow[]> {
    return this.db.select().from(j).where(and(eq(j.showId, showId), eq(j.userId, userId))).orderBy(desc(j.id)).limit(limit);
  }

  /** Storage keys of a show's renders, their captions and pictures (to delete the files once the rows are gone). */
  async storageKeysOfShow(userId: number, showId: number): Promise<string[]> {
    const rows = await this.db.select({ outputKey: j.outputKey, captionsKey: j.captionsKey }).from(j).where(and(eq(j.showId, showId), eq(j.userId, userId)));
    return rows.flatMap(keysWithPoster);
  }

  /** Every file any render names, pictures included (housekeeping's sweep of leftovers leaves them be). */
  async namedKeys(): Promise<string[]> {
    const rows = await this.db
      .select({ outputKey: j.outputKey, captionsKey: j.captionsKey })
      .from(j)
      .where(or(isNotNull(j.outputKey), isNotNull(j.captionsKey)));
    return rows.flatMap(keysWithPoster);
  }

  /** Every render of the camper, oldest first (the camper's export). */
  async listOfUser(userId: number): Promise<JobRow[]> {
    return this.db.select().from(j).where(eq(j.userId, userId)).orderBy(asc(j.id));
  }

  /**
   * Campers' renders with a file made before `before`, oldest first, with their files (what the retention
   * rule deletes). A queued or running job has no file yet, and is left to finish.
   */
  async camperRendersBefore(before: Date): Promise<CamperMedia[]> {
    const rows = await camperRowsBefore(this.db, j, { userId: j.userId, createdAt: j.createdAt, order: j.id }, before, isNotNull(j.outputKey));
    return rows.map(({ row, username }) => camperMedia(row, username, renderFiles(row)));
  }

  /** `executor`: the retention rule's transaction. */
  async deleteByIds(ids: number[], executor: Database = this.db): Promise<void> {
    if (ids.length) await executor.delete(j).where(inArray(j.id, ids));
  }

  /**
   * Claims a queued job no other worker is claiming right now (SKIP LOCKED), in one statement;
   * undefined when the queue is empty. Campers take turns: first the jobs of campers with the fewest
   * renders running, then of the camper a worker took a job of longest ago (never first), then the
   * oldest. So one camper's many renders delay another camper's first by one job at most.
   */
  async claimNext(workerId: string): Promise<JobRow | undefined> {
    const running = sql`(SELECT count(*) FROM render_jobs mine WHERE mine.user_id = ${j.userId} AND mine.status = 'running')`;
    const lastServed = sql`(SELECT max(mine.claimed_at) FROM render_jobs mine WHERE mine.user_id = ${j.userId})`;
    const next = this.db
      .select({ id: j.id })
      .from(j)
      .where(eq(j.status, "queued"))
      .orderBy(running, sql`${lastServed} NULLS FIRST`, j.createdAt, j.id)
      .limit(1)
      .for("update", { of: j, skipLocked: true });
    const [job] = await this.db
      .update(j)
      .set({ status: "running", lockedBy: workerId, heartbeatAt: sql`now()`, claimedAt: sql`now()`, attempts: sql`${j.attempts} + 1`, progress: 0 })
      .where(eq(j.id, sql`(${next})`))
      .returning();
    return job;
  }

  /** The worker holding the job is alive. */
  async beat(workerId: string, jobId: number): Promise<void> {
    await this.updateHeld(workerId, jobId, { heartbeatAt: sql`now()` });
  }

  /** How far ffmpeg is (a heartbeat too). */
  async setProgress(workerId: string, jobId: number, progress: number): Promise<void> {
    await this.updateHeld(workerId, jobId, { progress, heartbeatAt: sql`now()` });
  }

  /** The render is complete: its files are named on the job only now, so nothing half-written is served. */
  async finish(
    workerId: string,
    jobId: number,
    result: Pick<JobRow, "outputKey" | "captionsKey" | "options" | "durationSeconds">,
  ): Promise<void> {
    await this.updateHeld(workerId, jobId, { ...result, status: "done", progress: 100, finishedAt: sql`now()`, message: null });
  }

  async fail(workerId: string, jobId: number, message: string): Promise<void> {
    await this.updateHeld(workerId, jobId, { status: "failed", message, finishedAt: sql`now()` });
  }

  /** Changes a job while this worker still holds it. */
  private async updateHeld(workerId: string, jobId: number, values: PgUpdateSetSource<typeof j>): Promise<void> {
    await this.db
      .update(j)
      .set(values)
      .where(and(eq(j.id, jobId), eq(j.lockedBy, workerId)));
  }

  /** Puts the jobs this worker is running back in the queue, the attempt not counted. */
  async handBack(workerId: string): Promise<void> {
    await this.db
      .update(j)
      .set({ status: "queued", progress: 0, lockedBy: null, heartbeatAt: null, attempts: sql`greatest(${j.attempts} - 1, 0)` })
      .where(and(eq(j.lockedBy, workerId), eq(j.status, "running")));
  }

  /**
   * Running jobs whose worker stopped beating for `staleSeconds`: queued again, or failed after
   * `maxAttempts` tries.
   */
  async recoverStale(staleSeconds: number, maxAttempts: number): Promise<void> {
    const stale = sql`${j.status} = 'running' AND (${j.heartbeatAt} IS NULL OR ${j.heartbeatAt} < now() - make_interval(secs => ${staleSeconds}))`;
    await this.db
      .update(j)
      .set({
        status: sql`CASE WHEN ${j.attempts} >= ${maxAttempts} THEN 'failed' ELSE 'queued' END`,
        message: sql`CASE WHEN ${j.attempts} >= ${maxAttempts} THEN 'The render stopped several times (the server restarted). Please try again.' ELSE NULL END`,
        progress: 0,
        lockedBy: null,
      })
      .where(stale);
  }

  /** Jobs waiting (queued) and being rendered (running), across all workers. */
  queueDepth(): Promise<{ status: string; n: number }[]> {
    return this.rows(sql`SELECT status, count(*)::int AS n FROM render_jobs WHERE status IN ('queued', 'running') GROUP BY status`);
  }

  /** Quantiles of the time from queued to done of renders finished in the last hour (nulls without any). */
  async durationQuantilesLastHour(): Promise<{ p50: number | null; p90: number | null; p99: number | null } | undefined> {
    const [row] = await this.rows<{ p50: number | null; p90: number | null; p99: number | null }>(
      sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY s) AS p90,
                 percentile_cont(0.99) WITHIN GROUP (ORDER BY s) AS p99
          FROM (SELECT extract(epoch FROM finished_at - created_at)::float8 AS s FROM render_jobs
                WHERE status = 'done' AND finished_at > now() - interval '1 hour') recent`,
    );
    return row;
  }

  /** Jobs that ended in the last hour, by outcome (done, failed). */
  finishedLastHour(): Promise<{ status: string; n: number }[]> {
    return this.rows(
      sql`SELECT status, count(*)::int AS n FROM render_jobs WHERE status IN ('done', 'failed') AND finished_at > now() - interval '1 hour' GROUP BY status`,
    );
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }
}
