import type { WindowCount } from "./limiter.ts";

/** A key's window as a settle's statement, a poll or a caller's own read left it. */
export interface WindowState extends WindowCount {
  /** Attempts counted whose outcome is not known yet. */
  pending: number;
}

/**
 * How long a caller of `reserve` waits for the attempts ahead of it to settle. argon2 queues one hash
 * per core, so a camp's worth of sign-ins at one moment (registrations hashing in the same queue) can
 * take far longer than any fixed wait to drain on an old laptop: a caller keeps waiting while attempts
 * of its key settle, and gives up only after `idleMs` without any settle, or after `maxMs` in all.
 */
export interface ReserveWait {
  idleMs: number;
  /**
   * Long enough for a camp's queue, short enough that the answer (with the hash still to come) beats
   * the proxies a camp may sit behind: Cloudflare gives up on an origin after 100 s, nginx by default after 60 s.
   */
  maxMs: number;
  /**
   * How often one read per key and process looks for settles made on other instances (a settle here
   * wakes its waiters at once). Up to half as much again is added at random, so instances spread out.
   */
  pollMs: number;
}

/** Why a waiter stopped waiting: the window may have room, it holds the failures, or the wait ran out. */
export type Wake = "look" | "gave-up" | { refused: WindowCount };

/** One call of `reserve` waiting: its limit and clocks, kept across its waits. */
export interface Ticket {
  limit: number;
  started: number;
  /** The last time an attempt of the key was seen to settle (or the call started). */
  idleSince: number;
}

interface Waiter {
  ticket: Ticket;
  wake: (why: Wake) => void;
}

/**
 * The callers of `reserve` for one key in this process. Waiters send the database nothing: a settle in
 * this process hands them what its own statement returned, and one poll a second for the whole line
 * catches settles on other instances. So a crowd of waiters never queues statements ahead of the
 * settles they wait for (on PGlite's one connection they did, and the settles starved).
 */
export class Line {
  /** Calls of `reserve` in flight for the key; the line is dropped when the last one leaves. */
  callers = 0;
  /** Settles seen in this process; a caller that saw another number before its look looks again. */
  moves = 0;
  private readonly waiters: Waiter[] = [];
  private lastSeen: string | undefined;
  private poll: NodeJS.Timeout | undefined;
  private dropped = false;

  constructor(
    private readonly wait: ReserveWait,
    private readonly read: () => Promise<WindowState>,
    private readonly drop: () => void,
  ) {}

  leave(): void {
    if (--this.callers > 0) return;
    this.dropped = true;
    clearTimeout(this.poll);
    this.drop();
  }

  /**
   * Waits until the window may have room, holds `limit` settled attempts, or the ticket's wait ran
   * out. `seenMoves` is `moves` before the caller's look: a settle since then may have been missed.
   */
  waitFor(ticket: Ticket, seenMoves: number): Promise<Wake> {
    if (this.moves !== seenMoves) {
      ticket.idleSince = Date.now();
      return Promise.resolve("look");
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        ticket,
        wake: (why) => {
          clearTimeout(timer);
          const at = this.waiters.indexOf(waiter);
          if (at !== -1) this.waiters.splice(at, 1);
          resolve(why);
        },
      };
      // Re-armed rather than reset on each settle: a crowd's timers are not touched at every settle.
      const arm = () => {
        const left = Math.min(ticket.idleSince + this.wait.idleMs, ticket.started + this.wait.maxMs) - Date.now();
        if (left <= 0) waiter.wake("gave-up");
        else timer = setTimeout(arm, left);
      };
      // Arrival order, so a caller woken to look and beaten to the slot keeps its place.
      const at = this.waiters.findIndex((other) => other.ticket.started > ticket.started);
      this.waiters.splice(at === -1 ? this.waiters.length : at, 0, waiter);
      arm();
      this.schedulePoll();
    });
  }

  /** An attempt of the key settled in this process (or its window was cleared); `state` is the row after. */
  settled(state: WindowState): void {
    this.moves++;
    this.apply(state, true);
  }

  /** A read of the window: figures that moved since the last one mean attempts settled somewhere. */
  saw(state: WindowState): void {
    this.apply(state, false);
  }

  private apply(state: WindowState, settled: boolean): void {
    const figures = `${state.count}/${state.pending}`;
    const moved = settled || figures !== this.lastSeen;
    this.lastSeen = figures;
    if (!moved) return;
    const now = Date.now();
    const refused = { count: state.count, resetInSeconds: state.resetInSeconds };
    let woken = 0;
    for (const waiter of [...this.waiters]) {
      waiter.ticket.idleSince = now;
      if (state.count - state.pending >= waiter.ticket.limit) waiter.wake({ refused });
      // Only as many as there is room for: the rest would each spend a statement to find none.
      else if (woken < waiter.ticket.limit - state.count) {
        woken++;
        waiter.wake("look");
      }
    }
  }

  private schedulePoll(): void {
    if (this.poll || this.dropped || this.waiters.length === 0) return;
    const ms = this.wait.pollMs * (1 + Math.random() / 2);
    this.poll = setTimeout(() => void this.pollOnce(), ms);
  }

  private async pollOnce(): Promise<void> {
    try {
      const state = await this.read();
      if (!this.dropped) this.saw(state);
    } catch {
      // The database did not answer this time: the next poll or a settle here tells the waiters, and
      // their own idle limit ends the wait if neither ever does.
    }
    this.poll = undefined;
    this.schedulePoll();
  }
}

/** The lines of every key some call of `reserve` is looking at in this process. */
export class WaitLines {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly wait: ReserveWait) {}

  /** Joins `key`'s line for one call of `reserve`, which must `leave` it when it returns. */
  enter(key: string, read: () => Promise<WindowState>): Line {
    let line = this.lines.get(key);
    if (!line) {
      const created = new Line(this.wait, read, () => {
        if (this.lines.get(key) === created) this.lines.delete(key);
      });
      this.lines.set(key, created);
      line = created;
    }
    line.callers++;
    return line;
  }

  settled(key: string, state: WindowState): void {
    this.lines.get(key)?.settled(state);
  }
}
