import {
  AUTH_MESSAGES,
  type LoginBody,
  type PublicUser,
  type RegisterBody,
} from "../../../contracts/auth.ts";
import { conflict, forbidden, tooManyRequests, unauthorized } from "../../http/errors.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { deviceIdOf, newDeviceToken, type KnownDevicesRepository } from "./known-devices.repository.ts";
import type { SessionsRepository } from "./sessions.repository.ts";
import { toPublicUser, type UserRow, type UsersRepository } from "./users.repository.ts";

const QUARTER_HOUR = 15 * 60;

export interface AuthLimits {
  /** Failed sign-ins per username from devices it does not know, and per known device. */
  loginFailuresPerUsername: number;
  /** Failed sign-ins from unknown devices per address (a password sprayer). */
  loginFailuresPerAddress: number;
  /** Registrations per address. */
  registrationsPerAddress: number;
}

export interface SignedIn {
  user: PublicUser;
  sessionToken: string;
}

/** Where a sign-in comes from: the client's address and the device cookie it sent, if any. */
export interface SignInClient {
  address: string;
  deviceToken: string | undefined;
}

export interface AccountDeletionListener {
  accountDeleted(userId: number): Promise<void>;
}

const wait = (what: string, resetInSeconds: number) =>
  tooManyRequests(`${what} Please wait ${describeWait(resetInSeconds)} and try again.`, resetInSeconds);

/**
 * Sign-in limits after OWASP's device cookies. Only failures count, never successes. A device that
 * has signed in to an account before is known for that account and judged by its own failures
 * alone: a stranger guessing (or a sprayer on the camp's shared address) never locks the owner out.
 * Unknown devices wait after too many failures for one username, or from one address.
 */
export class AuthService {
  private readonly deletionListeners: AccountDeletionListener[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly devices: KnownDevicesRepository,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
  ) {}

  /** A whole camp may register from one Wi-Fi address, so this only stops a flood of new accounts. */
  async register(body: RegisterBody, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const { count, resetInSeconds } = await this.limiter.hit(`register-address:${client.address}`, QUARTER_HOUR);
    if (count > this.limits.registrationsPerAddress) throw wait("Too many new accounts from this network.", resetInSeconds);
    const passwordHash = await hashPassword(body.password);
    const row = await this.users.create(body.username, passwordHash);
    if (!row) throw conflict(AUTH_MESSAGES.usernameTaken);
    return this.signedIn(row, client);
  }

  async login(body: LoginBody, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const usernameKey = `login-failures:${body.username.toLowerCase()}`;
    const addressKey = `login-failures-address:${client.address}`;
    const deviceId = deviceIdOf(client.deviceToken);
    const row = await this.users.findByUsername(body.username);
    const known = row !== undefined && deviceId !== undefined && (await this.devices.isKnown(deviceId, row.id));
    const deviceKey = `login-failures-device:${deviceId}`;

    // Checked before the password, so a blocked account cannot be probed.
    if (known) {
      const device = await this.limiter.peek(deviceKey, QUARTER_HOUR);
      if (device.count >= this.limits.loginFailuresPerUsername) {
        throw wait("Too many failed sign-ins on this device.", device.resetInSeconds);
      }
    } else {
      const user = await this.limiter.peek(usernameKey, QUARTER_HOUR);
      if (user.count >= this.limits.loginFailuresPerUsername) {
        throw wait("Too many failed sign-ins for this username from new devices.", user.resetInSeconds);
      }
      const address = await this.limiter.peek(addressKey, QUARTER_HOUR);
      if (address.count >= this.limits.loginFailuresPerAddress) {
        throw wait("Too many failed sign-ins from this network on new devices.", address.resetInSeconds);
      }
    }

    const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!row || !ok) {
      if (known) await this.limiter.hit(deviceKey, QUARTER_HOUR);
      else await Promise.all([this.limiter.hit(usernameKey, QUARTER_HOUR), this.limiter.hit(addressKey, QUARTER_HOUR)]);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    await this.limiter.clear(known ? deviceKey : usernameKey);
    return this.signedIn(row, client);
  }

  /** A new session, and the device remembered for this account (its cookie kept, or a new one). */
  private async signedIn(row: UserRow, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const deviceToken = deviceIdOf(client.deviceToken) ? client.deviceToken! : newDeviceToken();
    await this.devices.remember(deviceIdOf(deviceToken)!, row.id);
    return { user: toPublicUser(row), sessionToken: await this.sessions.create(row.id), deviceToken };
  }

  /**
   * Deletes the account and everything in it once the password is confirmed. Wrong passwords
   * count toward the same per-username limit as sign-in.
   */
  async deleteAccount(userId: number, password: string): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) return;
    // Its own counter: a stranger's failed sign-ins must not stop the owner here, nor the other way round.
    const failureKey = `delete-failures:${row.id}`;
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
    const row = await this.sessions.findUser(sessionToken);
    return row ? toPublicUser(row) : undefined;
  }
}
