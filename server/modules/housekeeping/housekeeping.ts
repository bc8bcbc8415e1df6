import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { KnownDevicesRepository } from "../auth/known-devices.repository.ts";
import type { SessionsRepository } from "../auth/sessions.repository.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";

const u = schema.uploads;

export interface HousekeepingReport {
  abandonedUploads: number;
  finishedUploadRecords: number;
}

/**
 * Clears what nobody will come back for: expired sessions, devices not seen for a year, rate-limit windows that ended long ago,
 * uploads untouched for a week (their partial bytes too) and the records of finished uploads. A
 * camper's device still holds any take whose upload was abandoned, and starts a new upload for it.
 */
export class Housekeeping {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly sessions: SessionsRepository,
    private readonly limiter: RateLimiter,
    private readonly uploadMaxAgeDays = 7,
  ) {}

  start(everyMs = 60 * 60 * 1000) {
    this.timer = setInterval(() => void this.run().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  async run(): Promise<HousekeepingReport> {
    await this.sessions.deleteExpired();
    await this.limiter.prune();
    await new KnownDevicesRepository(this.db).deleteStale();
    const old = lt(u.updatedAt, sql`now() - make_interval(days => ${this.uploadMaxAgeDays})`);
    const abandoned = await this.db
      .select({ id: u.id, key: u.storageKey })
      .from(u)
      .where(and(eq(u.status, "uploading"), old));
    for (const upload of abandoned) await this.storage.delete(upload.key);
    if (abandoned.length) await this.db.delete(u).where(inArray(u.id, abandoned.map((a) => a.id)));
    const finished = await this.db
      .delete(u)
      .where(and(or(eq(u.status, "done"), eq(u.status, "failed")), old))
      .returning({ id: u.id });
    return { abandonedUploads: abandoned.length, finishedUploadRecords: finished.length };
  }
}
