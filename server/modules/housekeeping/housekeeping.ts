import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { renderPosterKey } from "../../media/render-poster.ts";
import { KnownDevicesRepository } from "../auth/known-devices.repository.ts";
import { ClipHeardWordsRepository } from "../clips/clip-heard-words.repository.ts";
import type { SessionsRepository } from "../auth/sessions.repository.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import type { Retention, RetentionRunReport } from "../retention/retention.ts";
import type { CampSessions } from "../roster/camp-sessions.service.ts";
import { StorageQuotaRepository } from "../storage-quota/storage-quota.repository.ts";

const u = schema.uploads;
const j = schema.renderJobs;

/**
 * Leftovers younger than this may belong to work still running on some instance (a render writing
 * its output, a working copy in use), so the hourly sweep leaves them be.
 */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;
/** A render's video, captions or picture file: users/{id}/renders/{name}. */
const RENDER_KEY = /^users\/\d+\/renders\/[^/]+$/;

export interface HousekeepingReport {
  abandonedUploads: number;
  finishedUploadRecords: number;
  leftovers: number;
  /** Set on the run that carried out the camp's retention rule. */
  retention?: RetentionRunReport;
  /** Campers of sessions marked for deletion, deleted on this run. */
  sessionCampersDeleted?: number;
}

/**
 * Clears what nobody will come back for: expired sessions, devices not seen for a year, rate-limit windows that ended long ago,
 * space held by writers that died,
 * uploads untouched for a week (their partial bytes too) and the records of finished uploads. A
 * camper's device still holds any take whose upload was abandoned, and starts a new upload for it.
 */
export class Housekeeping {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly steps: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly sessions: SessionsRepository,
    private readonly limiter: RateLimiter,
    private readonly uploadMaxAgeDays = 7,
    /** Our own scratch folders (render work folders, working copies), besides the storage's. */
    private readonly tempDirs: readonly string[] = [],
    /** The camp's media retention rule, carried out by the first run after its date. */
    private readonly retention?: Retention,
    /** Camp sessions the director asked to delete: their campers go once the retention rule's moment passes. */
    private readonly campSessions?: CampSessions,
  ) {}

  /** A step of every run, after the rule's and sessions' deletions (reels whose video went, in case a path missed them). */
  onRun(step: () => Promise<unknown>) {
    this.steps.push(step);
  }

  start(everyMs = 60 * 60 * 1000) {
    this.timer = setInterval(() => void this.run().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** `now`: the moment the retention rule is judged against (tests move it forward). */
  async run(now = new Date()): Promise<HousekeepingReport> {
    await this.sessions.deleteExpired();
    await this.limiter.prune();
    await new KnownDevicesRepository(this.db).deleteStale();
    await new ClipHeardWordsRepository(this.db).pruneOrphans();
    await new StorageQuotaRepository(this.db).deleteLapsed();
    const old = lt(u.updatedAt, sql`now() - make_interval(days => ${this.uploadMaxAgeDays})`);
    const abandoned = await this.db
      .select({ id: u.id, key: u.storageKey })
      .from(u)
      // Not one a PATCH is streaming into right now (it holds the lease).
      .where(and(eq(u.status, "uploading"), old, sql`(${u.lockedUntil} IS NULL OR ${u.lockedUntil} < now())`));
    for (const upload of abandoned) await this.storage.delete(upload.key);
    if (abandoned.length) await this.db.delete(u).where(inArray(u.id, abandoned.map((a) => a.id)));
    const finished = await this.db
      .delete(u)
      .where(and(or(eq(u.status, "done"), eq(u.status, "failed")), old))
      .returning({ id: u.id });
    const leftovers = await this.sweepLeftovers();
    const retention = await this.retention?.runDue(now);
    const sessionCampersDeleted = (await this.campSessions?.runDue(now)) ?? 0;
    for (const step of this.steps) await step();
    return {
      abandonedUploads: abandoned.length,
      finishedUploadRecords: finished.length,
      leftovers,
      ...(retention ? { retention } : {}),
      ...(sessionCampersDeleted ? { sessionCampersDeleted } : {}),
    };
  }

  /**
   * What a crashed process leaves behind: entries in the scratch folders, and render files no job
   * names (a video renamed into place just before the crash, before its job row said so). Only those
   * older than `olderThanMs`; 0 at the start of a server that alone uses its data (nothing else runs).
   * Returns how many went.
   */
  async sweepLeftovers(olderThanMs = LEFTOVER_AGE_MS): Promise<number> {
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const dir of new Set([...this.storage.scratchDirs, ...this.tempDirs])) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const entry = path.join(dir, name);
        const modified = await stat(entry).then((s) => s.mtimeMs, () => undefined);
        if (modified === undefined || modified > before) continue;
        await rm(entry, { recursive: true, force: true });
        removed++;
      }
    }
    const renders = (await this.storage.list("users/")).filter((o) => RENDER_KEY.test(o.key) && o.modifiedAt.getTime() <= before);
    if (renders.length) {
      const named = new Set<string>();
      const rows = await this.db
        .select({ outputKey: j.outputKey, captionsKey: j.captionsKey })
        .from(j)
        .where(or(isNotNull(j.outputKey), isNotNull(j.captionsKey)));
      for (const row of rows) {
        if (row.outputKey) named.add(row.outputKey).add(renderPosterKey(row.outputKey));
        if (row.captionsKey) named.add(row.captionsKey);
      }
      // Videos prepared ahead, waiting for their camper to press Render.
      const ready = await this.db.select({ out: schema.renderPrepared.outputKey, cc: schema.renderPrepared.captionsKey }).from(schema.renderPrepared);
      for (const row of ready) named.add(row.out).add(renderPosterKey(row.out)).add(row.cc ?? row.out);
      for (const orphan of renders.filter((o) => !named.has(o.key))) {
        await this.storage.delete(orphan.key);
        removed++;
      }
    }
    return removed;
  }
}
