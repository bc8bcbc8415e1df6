import {
  AUTH_MESSAGES,
  type LoginBody,
  type LoginCodeBody,
  type PublicUser,
  type RegisterBody,
} from "../../../contracts/auth.ts";
import { conflict, unauthorized } from "../../http/errors.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import { assertUncommonPassword } from "./common-passwords.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { deviceIdOf, newDeviceToken, type KnownDevicesRepository } from "./known-devices.repository.ts";
import { isWellFormedLoginCode, loginCodeLookupOf, normalizeLoginCode } from "./login-codes.ts";
import { QUARTER_HOUR, wait, type AttemptLimit, type PasswordAttempts } from "./password-attempts.ts";
import { STAFF_SESSION, type SessionsRepository, type SignInCredential } from "./sessions.repository.ts";
import { toPublicUser, type UserRow, type UsersRepository } from "./users.repository.ts";

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
  /** How long the session lasts, for the cookie: a camper's SESSION_TTL_DAYS, a staff member's 12 hours. */
  sessionMaxAgeSeconds: number;
}

/** Where a sign-in comes from: the client's address and the device cookie it sent, if any. */
export interface SignInClient {
  address: string;
  deviceToken: string | undefined;
}

export interface AuthServiceOptions {
  users: UsersRepository;
  sessions: SessionsRepository;
  devices: KnownDevicesRepository;
  limiter: RateLimiter;
  attempts: PasswordAttempts;
  limits: AuthLimits;
  sessionTtlDays: number;
}

/**
 * Sign-in limits after OWASP's device cookies. Only failures count, never successes. A device that
 * has signed in to an account before is known for that account and judged by its own failures
 * alone: a stranger guessing (or a sprayer on the camp's shared address) never locks the owner out.
 * Unknown devices wait after too many failures for one username, or from one address. Each attempt
 * is counted before its password is checked (PasswordAttempts), so a flood of parallel guesses gets
 * no more checks than the limit.
 */
export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly devices: KnownDevicesRepository;
  private readonly limiter: RateLimiter;
  private readonly attempts: PasswordAttempts;
  private readonly limits: AuthLimits;
  private readonly sessionTtlDays: number;

  constructor(options: AuthServiceOptions) {
    this.users = options.users;
    this.sessions = options.sessions;
    this.devices = options.devices;
    this.limiter = options.limiter;
    this.attempts = options.attempts;
    this.limits = options.limits;
    this.sessionTtlDays = options.sessionTtlDays;
  }

  /** A whole camp may register from one Wi-Fi address, so this only stops a flood of new accounts. */
  async register(body: RegisterBody, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const { count, resetInSeconds } = await this.limiter.hit(`register-address:${client.address}`, QUARTER_HOUR);
    if (count > this.limits.registrationsPerAddress) throw wait("Too many new accounts from this network.", resetInSeconds);
    await assertUncommonPassword(body.password);
    const passwordHash = await hashPassword(body.password);
    const row = await this.users.create(body.username, passwordHash);
    if (!row) throw conflict(AUTH_MESSAGES.usernameTaken);
    return this.signedIn(row, client, { kind: "password", hash: passwordHash });
  }

  async login(body: LoginBody, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const deviceId = deviceIdOf(client.deviceToken);
    const row = await this.users.findByUsername(body.username);
    const known = row !== undefined && deviceId !== undefined && (await this.devices.isKnown(deviceId, row.id));
    const failures = this.limits.loginFailuresPerUsername;
    const deviceKey = `login-failures-device:${deviceId}`;
    const usernameKey = `login-failures:${body.username.toLowerCase()}`;
    const limits: AttemptLimit[] = known
      ? [{ key: deviceKey, limit: failures, refusal: "Too many failed sign-ins on this device." }]
      : [
          { key: usernameKey, limit: failures, refusal: "Too many failed sign-ins for this username from new devices." },
          {
            key: `login-failures-address:${client.address}`,
            limit: this.limits.loginFailuresPerAddress,
            refusal: "Too many failed sign-ins from this network on new devices.",
          },
        ];
    // The limits come before the password, so a waiting device cannot probe whether a guess was right.
    const ok = await this.attempts.check(limits, async () => verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password));
    if (!row?.passwordHash || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    await this.attempts.clear(known ? deviceKey : usernameKey);
    return this.signedIn(row, client, { kind: "password", hash: row.passwordHash });
  }

  /**
   * Signs a camper in with the code on their sign-in card (decision 027b), under the same limits as a
   * password: the first four characters find the account as a username would, and its failures count
   * on the same counters (the account's from new devices, the address's, a known device's own). A code
   * that finds no camper, or is not even well formed, still costs a hash, so no answer comes sooner.
   * Staff accounts have no codes.
   */
  async loginWithCode(body: LoginCodeBody, client: SignInClient): Promise<SignedIn & { deviceToken: string }> {
    const code = normalizeLoginCode(body.code);
    const wellFormed = isWellFormedLoginCode(code);
    const lookup = loginCodeLookupOf(code);
    const row = wellFormed ? await this.users.findCamperByLoginCodeLookup(lookup) : undefined;
    const deviceId = deviceIdOf(client.deviceToken);
    const known = row !== undefined && deviceId !== undefined && (await this.devices.isKnown(deviceId, row.id));
    const failures = this.limits.loginFailuresPerUsername;
    const deviceKey = `login-failures-device:${deviceId}`;
    // A found account shares its counter with password sign-ins: one budget of guesses per account.
    const accountKey = row ? `login-failures:${row.username.toLowerCase()}` : `login-code-failures:${lookup}`;
    const limits: AttemptLimit[] = known
      ? [{ key: deviceKey, limit: failures, refusal: "Too many failed sign-ins on this device." }]
      : [
          { key: accountKey, limit: failures, refusal: "Too many wrong codes for this card." },
          {
            key: `login-failures-address:${client.address}`,
            limit: this.limits.loginFailuresPerAddress,
            refusal: "Too many failed sign-ins from this network on new devices.",
          },
        ];
    const ok = await this.attempts.check(limits, async () => verifyPassword(row?.loginCodeHash ?? (await decoyPasswordHash()), code));
    if (!row?.loginCodeHash || !ok) throw unauthorized(AUTH_MESSAGES.wrongCode);
    await this.attempts.clear(known ? deviceKey : accountKey);
    return this.signedIn(row, client, { kind: "code", hash: row.loginCodeHash }, AUTH_MESSAGES.wrongCode);
  }

  /** A new session, and the device remembered for this account (its cookie kept, or a new one). */
  private async signedIn(
    row: UserRow,
    client: SignInClient,
    credential: SignInCredential,
    refusal: string = AUTH_MESSAGES.invalidCredentials,
  ): Promise<SignedIn & { deviceToken: string }> {
    const sessionMaxAgeSeconds = row.role !== "camper" ? STAFF_SESSION.maxSeconds : this.sessionTtlDays * 86_400;
    const sessionToken = await this.sessions.create(row.id, credential, sessionMaxAgeSeconds);
    // The password changed (or the card was reissued) while this one was being checked: it is not current any more.
    if (!sessionToken) throw unauthorized(refusal);
    const deviceToken = deviceIdOf(client.deviceToken) ? client.deviceToken! : newDeviceToken();
    await this.devices.remember(deviceIdOf(deviceToken)!, row.id);
    return { user: toPublicUser(row), sessionToken, sessionMaxAgeSeconds, deviceToken };
  }

  logout(sessionToken: string): Promise<void> {
    return this.sessions.delete(sessionToken);
  }

  /**
   * The camper is here (they answered "Still there?", or are working without a request): the session's
   * last request becomes now, unthrottled, so the client's idle clock, which starts at this answer,
   * never runs past the server's (decision 027e).
   */
  keepAlive(sessionToken: string): Promise<void> {
    return this.sessions.touch(sessionToken);
  }

  /** The signed-in user for a session token, or undefined when the session is gone or expired. */
  async session(sessionToken: string): Promise<{ user: PublicUser; recentlyConfirmed: boolean } | undefined> {
    const live = await this.sessions.find(sessionToken);
    return live && { user: toPublicUser(live.user), recentlyConfirmed: live.recentlyConfirmed };
  }
}
