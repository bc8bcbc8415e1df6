import type { RateLimitsRepository } from "./rate-limits.repository.ts";
import { type ReserveWait, WaitLines, type WindowState } from "./wait-line.ts";

export interface WindowCount {
  count: number;
  /** Seconds until the current window ends and the count starts again. */
  resetInSeconds: number;
}

/** An attempt counted by `reserve` whose outcome is not known yet: `fail` keeps it, `succeed` takes it back. */
export interface Slot {
  key: string;
  /** The window the slot was taken in (as PostgreSQL prints it), so a later window is never touched. */
  windowStart: string;
  windowSeconds: number;
}

/**
 * `refused`: the window holds `limit` failures. `busy`: it stayed full of attempts still being checked
 * for longer than the wait (nothing failed: the server is slow, and the caller should say so).
 */
export type Reservation = { slot: Slot } | { refused: WindowCount } | { busy: WindowCount };

/** A window with nothing in it (cleared, ended or never started). */
const EMPTY: WindowState = { count: 0, pending: 0, resetInSeconds: 0 };

/** 15 s without a settle is a stuck check (a crashed instance's), not a queue moving slowly. */
const RESERVE_WAIT: ReserveWait = { idleMs: 15_000, maxMs: 75_000, pollMs: 1_000 };

/**
 * Fixed-window counters in the database, so every app instance shares one count. A window starts
 * at the first hit and lasts `windowSeconds`; the next hit after that starts a new one.
 */
export class RateLimiter {
  /** Callers of `reserve` in this process, by key, and what wakes them (wait-line.ts). */
  private readonly lines: WaitLines;

  constructor(
    private readonly counters: RateLimitsRepository,
    reserveWait: ReserveWait = RESERVE_WAIT,
  ) {
    this.lines = new WaitLines(reserveWait);
  }

  /** Adds one hit to `key` and returns the count in the current window, this hit included. */
  hit(key: string, windowSeconds: number): Promise<WindowCount> {
    return this.counters.hit(key, windowSeconds);
  }

  /** The count in the current window without adding to it. */
  async peek(key: string, windowSeconds: number): Promise<WindowCount> {
    const { count, resetInSeconds } = await this.window(key, windowSeconds);
    return { count, resetInSeconds };
  }

  /**
   * Counts an attempt whose outcome is not known yet (a password about to be checked) as one of
   * `limit` in the window, in one statement, so requests arriving together cannot all see room.
   * While the window is full only of undecided attempts this waits for them to settle (a success
   * gives its slot back), so honest sign-ins at the same moment are not refused for failures that
   * never happened; once `limit` attempts have failed it refuses at once. It answers `busy` when the
   * attempts ahead stop settling, or keep the window full for the longest wait (see `ReserveWait`).
   */
  async reserve(key: string, windowSeconds: number, limit: number): Promise<Reservation> {
    const line = this.lines.enter(key, () => this.window(key, windowSeconds));
    try {
      const now = Date.now();
      const ticket = { limit, started: now, idleSince: now };
      for (let gaveUp = false; ; ) {
        const seenMoves = line.moves;
        const slot = await this.counters.takeSlot(key, windowSeconds, limit);
        if (slot) return { slot };
        const window = await this.window(key, windowSeconds);
        const count = { count: window.count, resetInSeconds: window.resetInSeconds };
        if (window.count - window.pending >= limit) return { refused: count };
        line.saw(window);
        // Room appeared between the two statements: take it now.
        if (window.count < limit) continue;
        if (gaveUp) return { busy: count };
        const wake = await line.waitFor(ticket, seenMoves);
        // Out of time: one last look, so a slot or the failures' refusal still comes before `busy`.
        if (wake === "gave-up") gaveUp = true;
        else if (wake !== "look") return wake;
      }
    } finally {
      line.leave();
    }
  }

  /** The attempt failed: it stays counted. */
  async fail(slot: Slot): Promise<void> {
    await this.settle(slot, "failed");
  }

  /** The attempt succeeded: it never counted. */
  async succeed(slot: Slot): Promise<void> {
    await this.settle(slot, "succeeded");
  }

  /** Settles one slot; its statement returns the window after, which is all this process's waiters need. */
  private async settle(slot: Slot, outcome: "failed" | "succeeded"): Promise<void> {
    const after = await this.counters.settle(slot, outcome);
    // No row: the window was cleared or a new one began, and whatever did that woke the waiters.
    if (!after) return;
    // A window that has ended counts nothing: the next look starts a new one.
    this.lines.settled(slot.key, after.resetInSeconds > 0 ? after : EMPTY);
  }

  private async window(key: string, windowSeconds: number): Promise<WindowState> {
    return (await this.counters.window(key, windowSeconds)) ?? EMPTY;
  }

  async clear(key: string): Promise<void> {
    await this.counters.clear(key);
    this.lines.settled(key, EMPTY);
  }

  /** Drops windows that ended long ago so the table stays small. */
  async prune(olderThanSeconds = 86_400): Promise<void> {
    await this.counters.prune(olderThanSeconds);
  }
}

/** "3 minutes", "1 minute", "40 seconds": the wait as a camper reads it. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
