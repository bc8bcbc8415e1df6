import { AUTH_MESSAGES, passwordSchema, usernameSchema } from "../../../contracts/auth.ts";
import type { Database } from "../../../db/client.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { userMediaPrefix } from "../../media/media-storage.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { hashPassword } from "../auth/passwords.ts";
import { SessionsRepository } from "../auth/sessions.repository.ts";
import { UsersRepository } from "../auth/users.repository.ts";

/** A problem the command line reports in one sentence (no stack trace). */
export class StaffAccountError extends Error {}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StaffAccountError(parsed.error.issues.map((i) => i.message).join(". "));
  return parsed.data;
}

/**
 * Makes a staff account, or sets a new password on an existing one, which signs the account out
 * everywhere (whoever knew the old password is out too). Staff are made only here (the server's
 * command line): no API route can give an account the staff role, and an existing camper's account
 * is never turned into staff.
 */
export async function addStaffAccount(db: Database, username: string, password: string): Promise<"created" | "password-updated"> {
  const name = check(usernameSchema, username);
  const secret = check(passwordSchema, password);
  if (await isCommonPassword(secret)) throw new StaffAccountError(AUTH_MESSAGES.commonPassword);
  const users = new UsersRepository(db);
  const existing = await users.findByUsername(name);
  if (existing && existing.role !== "staff") {
    throw new StaffAccountError(`"${existing.username}" is a camper's account. Choose another username for the staff account.`);
  }
  const passwordHash = await hashPassword(secret);
  if (existing) {
    await users.setPassword(existing.id, passwordHash);
    await new SessionsRepository(db).endOthers(existing.id);
    return "password-updated";
  }
  const row = await users.create(name, passwordHash, "staff");
  if (!row) throw new StaffAccountError(`The username "${name}" was just taken. Try again.`);
  return "created";
}

/** Removes a staff account (its sessions end with it); the audit log keeps its name. */
export async function removeStaffAccount(db: Database, storage: MediaStorage, username: string): Promise<void> {
  const users = new UsersRepository(db);
  const existing = await users.findByUsername(username.trim());
  if (!existing || existing.role !== "staff") throw new StaffAccountError(`There is no staff account named "${username.trim()}".`);
  await users.delete(existing.id);
  await storage.deletePrefix(userMediaPrefix(existing.id));
}
