import { randomInt } from "node:crypto";
import { isUniqueViolation } from "../../../db/errors.ts";
import { hashPassword } from "./passwords.ts";
import type { UsersRepository } from "./users.repository.ts";

/**
 * Sign-in card codes (decision 027b). Eight characters an 11-year-old types without confusion: capital
 * letters and digits with no 0/O, 1/I/L look-alikes (31 symbols, about 40 bits), printed as "KQ7M-3XPR".
 * The first four find the account (kept plain, unique); the whole code is checked against an argon2id
 * hash, like a password, so the database alone signs nobody in. Issuing a new code replaces both: the
 * old card stops at once.
 */
export const LOGIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LOGIN_CODE_LENGTH = 8;
const LOOKUP_LENGTH = 4;

/** A code as typed ("kq7m 3xpr", "KQ7M-3XPR"): upper case, spaces and dashes dropped. */
export function normalizeLoginCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-_.]/g, "");
}

/** The printed form: two groups of four. */
export const formatLoginCode = (code: string) => `${code.slice(0, LOOKUP_LENGTH)}-${code.slice(LOOKUP_LENGTH)}`;

export const loginCodeLookupOf = (normalized: string) => normalized.slice(0, LOOKUP_LENGTH);

export const isWellFormedLoginCode = (normalized: string) =>
  normalized.length === LOGIN_CODE_LENGTH && [...normalized].every((c) => LOGIN_CODE_ALPHABET.includes(c));

function randomCode(): string {
  let code = "";
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}

/**
 * Gives the account a new sign-in code and returns it in its printed form: the only time it is readable.
 * The account's sessions made with the old code are not ended here; the caller decides (a reissue does).
 */
export async function issueLoginCode(users: Pick<UsersRepository, "setLoginCode">, userId: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = randomCode();
    const hash = await hashPassword(code);
    try {
      await users.setLoginCode(userId, loginCodeLookupOf(code), hash);
      return formatLoginCode(code);
    } catch (error) {
      // Another account's card starts with the same four characters: draw again.
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}
