import { StaffAccountError } from "../modules/staff/staff-accounts.ts";

export const USAGE = 'Usage: npm run staff:add -- USERNAME [--admin] [--cabin "Pines" ...]   |   npm run staff:remove -- USERNAME';

export interface AddArguments {
  username: string;
  admin: boolean;
  cabins: string[] | undefined;
}

/** Reads `USERNAME [--admin] [--cabin NAME ...]` (also --cabin=NAME); anything else is the usage line. */
export function parseAddArguments(args: string[]): AddArguments {
  let username: string | undefined;
  let admin = false;
  let cabins: string[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--admin") admin = true;
    else if (arg === "--cabin" || arg.startsWith("--cabin=")) {
      const name = arg === "--cabin" ? args[++i] : arg.slice("--cabin=".length);
      if (name === undefined || name.trim() === "") throw new StaffAccountError(`--cabin needs a cabin name. ${USAGE}`);
      (cabins ??= []).push(name);
    } else if (arg.startsWith("--") || username !== undefined) throw new StaffAccountError(USAGE);
    else username = arg;
  }
  if (!username) throw new StaffAccountError(USAGE);
  return { username, admin, cabins };
}
