import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import type { Executor } from "../../../db/executor.ts";
import { type HttpError, payloadTooLarge } from "../../http/errors.ts";
import type { ByteRoom } from "../../media/magic-bytes.ts";
import type { StorageQuotaRepository, StorageUsage, UsageExcept } from "./storage-quota.repository.ts";

/** Per camper: bytes kept (clips, voice sample, unfinished uploads, bytes arriving) and uploads in progress at once. */
export interface QuotaLimits {
  storedBytes: number;
  openUploads: number;
}

export const UNLIMITED: QuotaLimits = { storedBytes: Number.MAX_SAFE_INTEGER, openUploads: Number.MAX_SAFE_INTEGER };

/** The camper's space cannot hold the bytes that kept coming. */
export class StorageFullError extends Error {}

/**
 * A writer's hold lapses this long after its last renewal, so one that died (kill -9, a lost machine)
 * stops counting against the camper within half a minute; a live one renews it every third of that.
 */
const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
/**
 * Space is taken a slice ahead of the bytes, never per network chunk: one locked check per slice (1024
 * for a 1 GiB clip). A slice is at most a 64th of the quota, so writers racing for the last room hold
 * little of it that they may not use.
 */
const MAX_SLICE_BYTES = 1024 * 1024;

/**
 * The per-camper storage quota (decision 017). Bytes are admitted only under the camper's advisory lock:
 * a declared length whole before its first byte, bytes of unknown total a slice at a time as they
 * arrive, so uploads at the same instant cannot each see the whole free space.
 */
export class StorageQuota {
  private readonly sliceBytes: number;

  constructor(
    private readonly repository: StorageQuotaRepository,
    readonly limits: QuotaLimits = UNLIMITED,
  ) {
    this.sliceBytes = Math.max(1, Math.min(MAX_SLICE_BYTES, Math.floor(limits.storedBytes / 64)));
  }

  /** 413, the camper's space is full: the one answer for a clip, a photo or a voice sample that does not fit. */
  full(): HttpError {
    return payloadTooLarge(CLIP_MESSAGES.storageFull(this.limits.storedBytes));
  }

  usage(userId: number, except?: UsageExcept): Promise<StorageUsage> {
    return this.repository.usage(userId, except);
  }

  /**
   * Runs `work` with the camper's usage (less `except`) while no other check of theirs runs; what it
   * saves in `tx` counts for the next check. `work` refuses by throwing; nothing is saved then.
   */
  admit<T>(userId: number, work: (tx: Executor, usage: StorageUsage) => Promise<T>, except?: UsageExcept): Promise<T> {
    return this.repository.underCamperLock(userId, async (tx) => work(tx, await this.repository.usage(userId, except, tx)));
  }

  /**
   * Space for a writer's bytes from `base` (what its own row already counts) up to at most `cap`,
   * held under `id` (an upload's id, so a writer resuming after a crash takes over the hold).
   */
  reservation(userId: number, id: string, base: number, cap: number): Reservation {
    return new Reservation({ quota: this, userId, id, base, cap, sliceBytes: this.sliceBytes });
  }

  /**
   * Holds room for `wanted` bytes under `id`, or at least `needed` of them; undefined when even
   * those do not fit. One locked check-and-hold, whatever else the camper writes at the same instant.
   */
  async hold(userId: number, id: string, needed: number, wanted: number): Promise<number | undefined> {
    return this.admit(
      userId,
      async (tx, usage) => {
        const granted = Math.min(wanted, this.limits.storedBytes - usage.bytes);
        if (granted < needed) return undefined;
        await this.repository.hold(tx, { id, userId, bytes: granted, seconds: LEASE_SECONDS });
        return granted;
      },
      { reservation: id },
    );
  }

  renew(id: string): Promise<void> {
    return this.repository.renew(id, LEASE_SECONDS);
  }

  release(id: string): Promise<void> {
    return this.repository.release(id);
  }
}

export interface ReservationOptions {
  quota: StorageQuota;
  userId: number;
  id: string;
  base: number;
  cap: number;
  sliceBytes: number;
}

/**
 * One writer's hold on the camper's space. The upload guard asks it to cover each byte position before
 * the bytes pass. Once they are half a slice from the end of what it holds it asks for the next slice
 * while they keep flowing, so a stream waits on the database only when room runs out.
 */
export class Reservation implements ByteRoom {
  /** The byte position (in the file) held up to. */
  private heldTo: number;
  private renewal: ReturnType<typeof setInterval> | undefined;
  /** A request for more room in flight. */
  private asking: Promise<boolean> | undefined;
  private released = false;

  private readonly quota: StorageQuota;
  private readonly userId: number;
  readonly id: string;
  private readonly base: number;
  private readonly cap: number;
  private readonly sliceBytes: number;

  constructor(options: ReservationOptions) {
    this.quota = options.quota;
    this.userId = options.userId;
    this.id = options.id;
    this.base = options.base;
    this.cap = options.cap;
    this.sliceBytes = options.sliceBytes;
    this.heldTo = options.base;
  }

  covers(position: number): boolean {
    if (position > this.heldTo) return false;
    if (!this.asking && this.heldTo < this.cap && position > this.heldTo - this.sliceBytes / 2) {
      // Ahead of need: a refusal here only means the bytes ask again (and are cut) when they get there.
      void this.ask(position).catch(() => false);
    }
    return true;
  }

  /** Holds up to `position` (and a slice beyond, within the cap); StorageFullError when it does not fit. */
  async extendTo(position: number): Promise<void> {
    await this.asking?.catch(() => false);
    if (position <= this.heldTo) return;
    if (!(await this.ask(position))) throw new StorageFullError();
  }

  /** Holds exactly up to `position` (a declared length) if it fits; whether it did. */
  holdUpTo(position: number): Promise<boolean> {
    return this.track(this.tryHold(position, position));
  }

  /** Ends the hold; what the writer stored counts through its own row from here on. */
  async release(): Promise<void> {
    this.released = true;
    await this.asking?.catch(() => false);
    clearInterval(this.renewal);
    this.renewal = undefined;
    await this.quota.release(this.id);
  }

  private ask(position: number): Promise<boolean> {
    return this.track(this.tryHold(position, Math.min(this.cap, Math.max(position, this.heldTo + this.sliceBytes))));
  }

  private track(request: Promise<boolean>): Promise<boolean> {
    const asking = request.finally(() => {
      if (this.asking === asking) this.asking = undefined;
    });
    this.asking = asking;
    return asking;
  }

  private async tryHold(needed: number, wanted: number): Promise<boolean> {
    if (this.released) return false;
    const granted = await this.quota.hold(this.userId, this.id, needed - this.base, wanted - this.base);
    if (granted === undefined) return false;
    this.heldTo = this.base + granted;
    this.renewal ??= setInterval(() => void this.quota.renew(this.id).catch(() => undefined), RENEW_MS);
    this.renewal.unref();
    return true;
  }
}
