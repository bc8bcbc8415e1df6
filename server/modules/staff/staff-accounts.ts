import { z } from "zod";
import { AUTH_MESSAGES, isStaffRole, passwordSchema, usernameSchema, type StaffRole } from "../../../contracts/auth.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { userMediaPrefix } from "../../media/media-storage.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { CabinsRepository } from "./cabins.repository.ts";
import type { StaffAccountsRepository } from "./staff-accounts.repository.ts";

/** A problem the command line reports in one sentence (no stack trace). */
export class StaffAccountError extends Error {}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StaffAccountError(parsed.error.issues.map((i) => i.message).join(". "));
  return parsed.data;
}

export interface StaffAccountChoices {
  /** admin (the director) or counselor; an existing account keeps its role when not given. */
  role?: StaffRole;
  /** Cabin names the counselor looks after (made when new); given, they replace the account's cabins. */
  cabins?: string[];
}

const cabinNameSchema = z.string().trim().min(1, "A cabin needs a name").max(60, "A cabin name must be at most 60 characters");

/** Finds cabins by name (any letter case), making the ones that do not exist yet; in the order given. */
export async function ensureCabins(cabins: CabinsRepository, names: string[]): Promise<{ id: number; name: string }[]> {
  const wanted = [...new Map(names.map((n) => check(cabinNameSchema, n)).map((n) => [n.toLowerCase(), n])).values()];
  return cabins.ensure(wanted);
}

/**
 * Makes a staff account, or updates an existing one: a new password (which signs the account out
 * everywhere: whoever knew the old password is out too), its role, its cabins. A new account needs a
 * password and is a counselor unless made an admin. An existing camper's account is never turned into
 * staff. Returns what happened.
 */
export async function addStaffAccount(
  accounts: StaffAccountsRepository,
  username: string,
  password: string | undefined,
  choices: StaffAccountChoices = {},
): Promise<"created" | "updated"> {
  const name = check(usernameSchema, username);
  const secret = password === undefined ? undefined : check(passwordSchema, password);
  if (secret !== undefined && (await isCommonPassword(secret))) throw new StaffAccountError(AUTH_MESSAGES.commonPassword);
  const users = accounts.users;
  const existing = await users.findByUsername(name);
  if (existing && !isStaffRole(existing.role)) {
    throw new StaffAccountError(`"${existing.username}" is a camper's account. Choose another username for the staff account.`);
  }
  if (!existing && secret === undefined) throw new StaffAccountError("A new staff account needs a password.");
  const passwordHash = secret === undefined ? undefined : await hashPassword(secret);
  let id: number;
  let result: "created" | "updated";
  if (existing) {
    id = existing.id;
    result = "updated";
    if (passwordHash) {
      await users.setPassword(existing.id, passwordHash);
      await accounts.sessions.endOthers(existing.id);
    }
    if (choices.role && choices.role !== existing.role) await users.setRole(existing.id, choices.role);
  } else {
    const row = await users.create(name, passwordHash!, choices.role ?? "counselor");
    if (!row) throw new StaffAccountError(`The username "${name}" was just taken. Try again.`);
    id = row.id;
    result = "created";
  }
  // The cabins it looks after, replacing the ones it had.
  if (choices.cabins) await accounts.cabins.setStaffCabins(id, (await ensureCabins(accounts.cabins, choices.cabins)).map((c) => c.id));
  return result;
}

/** Removes a staff account (its sessions end with it); the audit log keeps its name. */
export async function removeStaffAccount(accounts: StaffAccountsRepository, storage: MediaStorage, username: string): Promise<void> {
  const users = accounts.users;
  const existing = await users.findByUsername(username.trim());
  if (!existing || !isStaffRole(existing.role)) throw new StaffAccountError(`There is no staff account named "${username.trim()}".`);
  await users.delete(existing.id);
  await storage.deletePrefix(userMediaPrefix(existing.id));
}
