import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { AUTH_MESSAGES, PASSWORD_RULES } from "../../../contracts/auth.ts";
import { badRequest } from "../../http/errors.ts";

const require = createRequire(import.meta.url);

/**
 * The 49,233 passwords found most often in leaked password lists, as zxcvbn-ts ships them
 * (@zxcvbn-ts/language-common, MIT), all lowercase. Only the 17,950 long enough to pass our length
 * rule can ever be typed here, so only those are kept, joined with line breaks into one string of
 * about 180 KB (a Set of them held 2.4 MiB). Read from the package's JSON rather than imported:
 * its module keeps every list it has (another 7 MiB) alive for as long as the server runs.
 */
let list: Promise<string> | undefined;

function commonPasswords(): Promise<string> {
  list ??= readFile(require.resolve("@zxcvbn-ts/language-common/src/passwords.json"), "utf8").then((text) => {
    const passwords = (JSON.parse(text) as string[]).filter((p) => p.length >= PASSWORD_RULES.min);
    return `\n${passwords.join("\n")}\n`;
  });
  return list;
}

/** Whether the password, in any letter case, is one of the most common ones. */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (password.includes("\n")) return false;
  return (await commonPasswords()).includes(`\n${password.toLowerCase()}\n`);
}

/** A new password is refused when it is one of the most common ones, wherever it is set. */
export async function assertUncommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.commonPassword);
}
