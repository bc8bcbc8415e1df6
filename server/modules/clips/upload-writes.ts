import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { locked, notFound } from "../../http/errors.ts";
import type { UploadRow, UploadsRepository } from "./uploads.repository.ts";

/** Told when a request starts and stops receiving an upload's bytes (the app's metrics). */
export interface UploadObserver {
  /** A request began receiving bytes. */
  started(): void;
  /** It ended, having stored `bytes`. */
  finished(bytes: number): void;
}

/** The upload requests of this process still at work, so a shutdown can wait for them to save their offset. */
export class WritesInFlight {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly observer?: UploadObserver) {}

  /** Waits (at most `timeoutMs`) for the requests at work to settle. */
  async drain(timeoutMs: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Runs a write, counted as an upload in progress until it settles. */
  async track<T>(write: () => Promise<T>, bytesOf: (result: T | undefined, error: unknown) => number): Promise<T> {
    this.observer?.started();
    try {
      const result = await write();
      this.observer?.finished(bytesOf(result, undefined));
      return result;
    } catch (error) {
      this.observer?.finished(bytesOf(undefined, error));
      throw error;
    }
  }

  /** Keeps a whole request's work (write, offset, unlock) in sight of drain(). */
  async whileInFlight<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
    }
  }
}

/**
 * An upload's lock is a lease: its writer renews it every LOCK_RENEW_MS while bytes stream in, so a
 * writer that died (kill -9, a lost machine) stops renewing and another instance may take over after
 * LOCK_SECONDS. Short, so a camper's resume after a crash waits seconds, never minutes.
 */
const LOCK_SECONDS = 5;
const LOCK_RENEW_MS = 2000;

/** A held lock: the lease end we wrote, so renewing and releasing touch only our own lease. */
interface Lease {
  until: Date;
}

export class UploadLeases {
  constructor(private readonly uploads: UploadsRepository) {}

  /** Takes the upload's lock: 423 while another writer holds it, 404 when the upload went meanwhile. */
  async lock(row: UploadRow): Promise<Lease> {
    const until = await this.uploads.lock(row.id, LOCK_SECONDS);
    if (until) return { until };
    // Gone meanwhile (a DELETE that won the lock first) is not "busy".
    if (!(await this.uploads.exists(row.id))) throw notFound(CLIP_MESSAGES.uploadNotFound);
    throw locked(CLIP_MESSAGES.busy);
  }

  /** Takes the lock and renews it while the body streams, until released. */
  async hold(row: UploadRow): Promise<{ release(): Promise<void> }> {
    const lease = await this.lock(row);
    const renew = setInterval(() => void this.renew(row.id, lease).catch(() => undefined), LOCK_RENEW_MS);
    return {
      release: async () => {
        clearInterval(renew);
        await this.uploads.unlock(row.id, lease.until);
      },
    };
  }

  /** Extends our lease; a lease someone else took over is left alone. */
  private async renew(id: string, lease: Lease): Promise<void> {
    const until = await this.uploads.renew(id, lease.until, LOCK_SECONDS);
    if (until) lease.until = until;
  }
}
