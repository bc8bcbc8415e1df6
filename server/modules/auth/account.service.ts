import { AUTH_MESSAGES, type ChangePasswordBody, type DeleteAccountBody, type SignInMethods } from "../../../contracts/auth.ts";
import { badRequest, forbidden, unauthorized } from "../../http/errors.ts";
import { normalizeLoginCode } from "./login-codes.ts";
import { assertUncommonPassword } from "./common-passwords.ts";
import type { PasswordAttempts } from "./password-attempts.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { STAFF_SESSION, type SessionsRepository } from "./sessions.repository.ts";
import type { UserRow, UsersRepository } from "./users.repository.ts";

export interface AccountDeletionListener {
  accountDeleted(userId: number): Promise<void>;
}

export interface AccountServiceOptions {
  users: UsersRepository;
  sessions: SessionsRepository;
  attempts: PasswordAttempts;
  failuresAllowed: number;
  /** Media stores whose files go with a deleted account, in this order. */
  deletionListeners: readonly AccountDeletionListener[];
}

/**
 * What a signed-in person does with their own account: change the password, sign out their other
 * devices, type the password again (staff, before exports and retention), delete the account.
 */
export class AccountService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly attempts: PasswordAttempts;
  private readonly failuresAllowed: number;
  private readonly deletionListeners: readonly AccountDeletionListener[];

  constructor(options: AccountServiceOptions) {
    this.users = options.users;
    this.sessions = options.sessions;
    this.attempts = options.attempts;
    this.failuresAllowed = options.failuresAllowed;
    this.deletionListeners = options.deletionListeners;
  }

  /**
   * A new password, once the one in use is confirmed; every other session of the account ends (a
   * device someone else signed in on is signed out), the one it was changed in stays.
   */
  async changePassword(userId: number, sessionToken: string, body: ChangePasswordBody): Promise<void> {
    const row = await this.account(userId);
    // Before the old password is checked, so a common new one costs no attempt.
    await assertUncommonPassword(body.newPassword);
    // A camper who signs in by card adds a first password: being signed in is the proof (decision 027b).
    if (row.passwordHash !== null) {
      if (body.currentPassword === undefined) throw badRequest(AUTH_MESSAGES.currentPasswordRequired);
      await this.confirmPassword(row, body.currentPassword);
    }
    await this.users.setPassword(row.id, await hashPassword(body.newPassword));
    await this.sessions.endOthers(row.id, sessionToken);
  }

  /** Ends every session of the account but this one; how many. */
  signOutOthers(userId: number, sessionToken: string): Promise<number> {
    return this.sessions.endOthers(userId, sessionToken);
  }

  /** Staff typed their password again: this session may export and change retention for a while. */
  async confirmStaffSession(userId: number, sessionToken: string, password: string): Promise<{ confirmedForSeconds: number }> {
    await this.confirmPassword(await this.account(userId), password);
    await this.sessions.confirm(sessionToken);
    return { confirmedForSeconds: STAFF_SESSION.confirmedForSeconds };
  }

  /** How the account signs in, for the Profile page. */
  async signInMethods(userId: number): Promise<SignInMethods> {
    const row = await this.account(userId);
    return { hasPassword: row.passwordHash !== null, hasCard: row.loginCodeHash !== null };
  }

  /** Deletes the account and everything in it once the password (or, for a card-only camper, the card's code) is confirmed. */
  async deleteAccount(userId: number, proof: DeleteAccountBody): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) return;
    if (proof.password !== undefined) await this.confirmPassword(row, proof.password);
    else await this.confirmCardCode(row, proof.code ?? "");
    await this.users.delete(userId);
    // The rows are gone (cascade); now the files that belonged to them.
    for (const listener of this.deletionListeners) await listener.accountDeleted(userId);
  }

  private async account(userId: number): Promise<UserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw unauthorized(AUTH_MESSAGES.signedOut);
    return row;
  }

  /**
   * The password typed again in a signed-in session. Its failures have a counter of their own per
   * account: a stranger's failed sign-ins must not stop the owner here, nor the other way round.
   */
  private confirmPassword(row: UserRow, password: string): Promise<void> {
    return this.confirm(row, row.passwordHash, password, AUTH_MESSAGES.wrongPassword);
  }

  /** The sign-in card's code typed again, on the same counter as the password. */
  private confirmCardCode(row: UserRow, code: string): Promise<void> {
    return this.confirm(row, row.loginCodeHash, normalizeLoginCode(code), AUTH_MESSAGES.wrongCardCode);
  }

  private async confirm(row: UserRow, hash: string | null, typed: string, wrong: string): Promise<void> {
    const key = `password-failures:${row.id}`;
    const limit = { key, limit: this.failuresAllowed, refusal: "Too many wrong passwords." };
    if (!(await this.attempts.check([limit], async () => hash !== null && (await verifyPassword(hash, typed))))) {
      throw forbidden(wrong);
    }
    await this.attempts.clear(key);
  }
}
