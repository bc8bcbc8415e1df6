import {
  AUTH_MESSAGES,
  type LoginBody,
  type PublicUser,
  type RegisterBody,
} from "../../../contracts/auth.ts";
import { conflict, forbidden, tooManyRequests, unauthorized } from "../../http/errors.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import type { SessionsRepository } from "./sessions.repository.ts";
import { toPublicUser, type UsersRepository } from "./users.repository.ts";

const QUARTER_HOUR = 15 * 60;

export interface AuthLimits {
  loginFailuresPerUsername: number;
  authRequestsPerAddress: number;
}

export interface SignedIn {
  user: PublicUser;
  sessionToken: string;
}

export interface AccountDeletionListener {
  accountDeleted(userId: number): Promise<void>;
}

export class AuthService {
  private readonly deletionListeners: AccountDeletionListener[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
  ) {}

  /**
   * A whole camp may share one Wi-Fi address, so the per-address limit is generous; it only stops
   * a flood. Guessing one camper's password is stopped by the per-username limit in login().
   */
  async checkAddress(address: string): Promise<void> {
    const { count, resetInSeconds } = await this.limiter.hit(`auth-address:${address}`, QUARTER_HOUR);
    if (count > this.limits.authRequestsPerAddress) {
      throw tooManyRequests(
        `Too many sign-in attempts from this network. Please wait ${describeWait(resetInSeconds)} and try again.`,
        resetInSeconds,
      );
    }
  }

  async register(body: RegisterBody): Promise<SignedIn> {
    const passwordHash = await hashPassword(body.password);
    const row = await this.users.create(body.username, passwordHash);
    if (!row) throw conflict(AUTH_MESSAGES.usernameTaken);
    return { user: toPublicUser(row), sessionToken: await this.sessions.create(row.id) };
  }

  async login(body: LoginBody): Promise<SignedIn> {
    const failureKey = `login-failures:${body.username.toLowerCase()}`;
    const failures = await this.limiter.peek(failureKey, QUARTER_HOUR);
    if (failures.count >= this.limits.loginFailuresPerUsername) {
      throw tooManyRequests(
        `Too many failed sign-ins for this username. Please wait ${describeWait(failures.resetInSeconds)} and try again.`,
        failures.resetInSeconds,
      );
    }
    const row = await this.users.findByUsername(body.username);
    const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!row || !ok) {
      await this.limiter.hit(failureKey, QUARTER_HOUR);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    await this.limiter.clear(failureKey);
    return { user: toPublicUser(row), sessionToken: await this.sessions.create(row.id) };
  }

  /**
   * Deletes the account and everything in it once the password is confirmed. Wrong passwords
   * count toward the same per-username limit as sign-in.
   */
  async deleteAccount(userId: number, password: string): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) return;
    const failureKey = `login-failures:${row.username.toLowerCase()}`;
    const failures = await this.limiter.peek(failureKey, QUARTER_HOUR);
    if (failures.count >= this.limits.loginFailuresPerUsername) {
      throw tooManyRequests(
        `Too many wrong passwords. Please wait ${describeWait(failures.resetInSeconds)} and try again.`,
        failures.resetInSeconds,
      );
    }
    if (!(await verifyPassword(row.passwordHash, password))) {
      await this.limiter.hit(failureKey, QUARTER_HOUR);
      throw forbidden(AUTH_MESSAGES.wrongPassword);
    }
    await this.users.delete(userId);
    // The rows are gone (cascade); now the files that belonged to them.
    for (const listener of this.deletionListeners) await listener.accountDeleted(userId);
  }

  /** Media stores register here so an account's files go with it. */
  onAccountDeleted(listener: AccountDeletionListener) {
    this.deletionListeners.push(listener);
  }

  logout(sessionToken: string): Promise<void> {
    return this.sessions.delete(sessionToken);
  }

  /** The signed-in user for a session token, or undefined when the session is gone or expired. */
  async userForSession(sessionToken: string): Promise<PublicUser | undefined> {
    const userId = await this.sessions.findUserId(sessionToken);
    if (userId === undefined) return undefined;
    const row = await this.users.findById(userId);
    return row ? toPublicUser(row) : undefined;
  }
}
