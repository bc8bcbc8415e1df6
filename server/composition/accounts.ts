import type { AppConfig } from "../config.ts";
import { AccountService, type AccountDeletionListener } from "../modules/auth/account.service.ts";
import { AuthService } from "../modules/auth/auth.service.ts";
import type { KnownDevicesRepository } from "../modules/auth/known-devices.repository.ts";
import { PasswordAttempts } from "../modules/auth/password-attempts.ts";
import type { SessionsRepository } from "../modules/auth/sessions.repository.ts";
import type { UsersRepository } from "../modules/auth/users.repository.ts";
import type { RateLimiter } from "../modules/rate-limit/limiter.ts";

/** Sign-in and the signed-in person's own account; one password-attempt counter serves both. */
export function buildAccounts(deps: {
  config: AppConfig;
  limiter: RateLimiter;
  devices: KnownDevicesRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  /** Media stores whose files go with a deleted account, in this order. */
  deletionListeners: readonly AccountDeletionListener[];
}) {
  const { config, limiter, users, sessions } = deps;
  const attempts = new PasswordAttempts(limiter);
  const auth = new AuthService({
    users,
    sessions,
    devices: deps.devices,
    limiter,
    attempts,
    limits: config.rateLimits,
    sessionTtlDays: config.session.ttlDays,
  });
  const accounts = new AccountService({
    users,
    sessions,
    attempts,
    failuresAllowed: config.rateLimits.loginFailuresPerUsername,
    deletionListeners: deps.deletionListeners,
  });
  return { auth, accounts };
}
