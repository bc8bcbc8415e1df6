import { tooManyRequests } from "../../http/errors.ts";
import { describeWait, type RateLimiter, type Slot } from "../rate-limit/limiter.ts";

/**
 * What a camper reads when the passwords ahead of theirs were not checked in time (a whole camp signing
 * in at once on a slow machine): nothing failed, so it is not the failures' refusal, and nothing counts.
 */
export const BUSY_CHECKING =
  "Lots of people are signing in right now and yours could not be checked yet. Nothing was counted against you: please try again in a minute.";
const BUSY_RETRY_SECONDS = 30;

/** Password failures are counted per quarter hour. */
export const QUARTER_HOUR = 15 * 60;

/** One counter a password attempt must find room in, and what a caller reads when it has none. */
export interface AttemptLimit {
  key: string;
  limit: number;
  /** The first sentence of the 429's message, e.g. "Too many failed sign-ins on this device." */
  refusal: string;
}

export const wait = (what: string, resetInSeconds: number) =>
  tooManyRequests(`${what} Please wait ${describeWait(resetInSeconds)} and try again.`, resetInSeconds);

/**
 * Password checks under failure limits. Every limit's slot is taken before the password is checked,
 * each in one statement, so guesses sent at the same moment cannot all pass a count read before any
 * of them failed: at most `limit` are ever checked. A wrong password keeps its slots; a right one
 * gives them back, as successes never count.
 */
export class PasswordAttempts {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Runs `verify` once every limit has room (else a 429 naming the first that has none, or saying the
   * server is busy when the attempts ahead did not settle in time); its answer.
   */
  async check(limits: AttemptLimit[], verify: () => Promise<boolean>): Promise<boolean> {
    const slots: Slot[] = [];
    let ok: boolean;
    try {
      for (const { key, limit, refusal } of limits) {
        const reservation = await this.limiter.reserve(key, QUARTER_HOUR, limit);
        if ("refused" in reservation) throw wait(refusal, reservation.refused.resetInSeconds);
        if ("busy" in reservation) throw tooManyRequests(BUSY_CHECKING, BUSY_RETRY_SECONDS);
        slots.push(reservation.slot);
      }
      ok = await verify();
    } catch (error) {
      // Refused by a later limit, or nothing was checked: the slots taken count nothing.
      await Promise.all(slots.map((slot) => this.limiter.succeed(slot)));
      throw error;
    }
    await Promise.all(slots.map((slot) => (ok ? this.limiter.succeed(slot) : this.limiter.fail(slot))));
    return ok;
  }

  /** A right password starts the count again: whoever typed it is the owner. */
  clear(key: string): Promise<void> {
    return this.limiter.clear(key);
  }
}
