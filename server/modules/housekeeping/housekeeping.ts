import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { KnownDevicesRepository } from "../auth/known-devices.repository.ts";
import type { ClipHeardWordsRepository } from "../clips/clip-heard-words.repository.ts";
import type { UploadsRepository } from "../clips/uploads.repository.ts";
import type { SessionsRepository } from "../auth/sessions.repository.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import type { RenderAheadRepository } from "../renders/render-ahead.repository.ts";
import type { RenderJobsRepository } from "../renders/render-jobs.repository.ts";
import type { Retention, RetentionRunReport } from "../retention/retention.ts";
import type { CampSessions } from "../roster/camp-sessions.service.ts";
import type { StorageQuotaRepository } from "../storage-quota/storage-quota.repository.ts";

/** The tables housekeeping clears, each through its repository. */
export interface HousekeepingRepositories {
  knownDevices: Pick<KnownDevicesRepository, "deleteStale">;
  heardWords: Pick<ClipHeardWordsRepository, "pruneOrphans">;
  quota: Pick<StorageQuotaRepository, "deleteLapsed">;
  uploads: Pick<UploadsRepository, "abandoned" | "deleteByIds" | "deleteFinished">;
  renderJobs: Pick<RenderJobsRepository, "namedKeys">;
  renderAhead: Pick<RenderAheadRepository, "preparedKeys">;
}

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

/** Uploads untouched this long are abandoned: their partial bytes and record go. */
export const UPLOAD_MAX_AGE_DAYS = 7;

export interface HousekeepingOptions {
  repositories: HousekeepingRepositories;
  storage: MediaStorage;
  sessions: SessionsRepository;
  limiter: RateLimiter;
  /** UPLOAD_MAX_AGE_DAYS unless told. */
  uploadMaxAgeDays?: number;
  /** Our own scratch folders (render work folders, working copies), besides the storage's. */
  tempDirs?: readonly string[];
  /** The camp's media retention rule, carried out by the first run after its date. */
  retention?: Retention;
  /** Camp sessions the director asked to delete: their campers go once the retention rule's moment passes. */
  campSessions?: CampSessions;
  /** Steps of every run, in order, after the rule's and sessions' deletions (reels whose video went, in case a path missed them). */
  steps?: readonly (() => Promise<unknown>)[];
}

/**
 * Clears what nobody will come back for: expired sessions, devices not seen for a year, rate-limit windows that ended long ago,
 * space held by writers that died,
 * uploads untouched for a week (their partial bytes too) and the records of finished uploads. A
 * camper's device still holds any take whose upload was abandoned, and starts a new upload for it.
 */
export class Housekeeping {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly repositories: HousekeepingRepositories;
  private readonly storage: MediaStorage;
  private readonly sessions: SessionsRepository;
  private readonly limiter: RateLimiter;
  private readonly uploadMaxAgeDays: number;
  private readonly tempDirs: readonly string[];
  private readonly retention: Retention | undefined;
  private readonly campSessions: CampSessions | undefined;
  private readonly steps: readonly (() => Promise<unknown>)[];

  constructor(options: HousekeepingOptions) {
    this.repositories = options.repositories;
    this.storage = options.storage;
    this.sessions = options.sessions;
    this.limiter = options.limiter;
    this.uploadMaxAgeDays = options.uploadMaxAgeDays ?? UPLOAD_MAX_AGE_DAYS;
    this.tempDirs = options.tempDirs ?? [];
    this.retention = options.retention;
    this.campSessions = options.campSessions;
    this.steps = options.steps ?? [];
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
    const { knownDevices, heardWords, quota, uploads } = this.repositories;
    await knownDevices.deleteStale();
    await heardWords.pruneOrphans();
    await quota.deleteLapsed();
    // Not one a PATCH is streaming into right now (it holds the lease).
    const abandoned = await uploads.abandoned(this.uploadMaxAgeDays);
    for (const upload of abandoned) await this.storage.delete(upload.key);
    await uploads.deleteByIds(abandoned.map((a) => a.id));
    const finished = await uploads.deleteFinished(this.uploadMaxAgeDays);
    const leftovers = await this.sweepLeftovers();
    const retention = await this.retention?.runDue(now);
    const sessionCampersDeleted = (await this.campSessions?.runDue(now)) ?? 0;
    for (const step of this.steps) await step();
    return {
      abandonedUploads: abandoned.length,
      finishedUploadRecords: finished,
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
      // Renders' files and pictures, and videos prepared ahead, waiting for their camper to press Render.
      const named = new Set([...(await this.repositories.renderJobs.namedKeys()), ...(await this.repositories.renderAhead.preparedKeys())]);
      for (const orphan of renders.filter((o) => !named.has(o.key))) {
        await this.storage.delete(orphan.key);
        removed++;
      }
    }
    return removed;
  }
}
