import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { openDatabase } from "../../db/client.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createMediaStorage } from "../media/create-media-storage.ts";
import { USAGE, parseAddArguments } from "./staff-arguments.ts";
import { StaffAccountError, addStaffAccount, removeStaffAccount } from "../modules/staff/staff-accounts.ts";
import { StaffAccountsRepository } from "../modules/staff/staff-accounts.repository.ts";

/**
 * `npm run staff:add -- USERNAME [--admin] [--cabin "Pines" ...]` and `npm run staff:remove -- USERNAME`,
 * on the server. A new account is a counselor unless `--admin`; `--cabin` (repeatable) sets the cabins it
 * looks after. The password comes from STAFF_PASSWORD or is asked on the terminal without echo, so it
 * never sits in the shell's history; updating an existing account's role or cabins without
 * STAFF_PASSWORD and without a terminal keeps its password.
 */

async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) throw new StaffAccountError("Set STAFF_PASSWORD, or run this in a terminal to be asked for the password.");
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      muted = true;
      rl.question("", (answer) => {
        muted = false;
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  try {
    const first = await ask(prompt);
    const again = await ask("Type it again: ");
    if (first !== again) throw new StaffAccountError("The two passwords differ. Nothing was changed.");
    return first;
  } finally {
    rl.close();
  }
}

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== "add" && command !== "remove") throw new StaffAccountError(USAGE);
  const add = command === "add" ? parseAddArguments(rest) : undefined;
  if (command === "remove" && rest.length !== 1) throw new StaffAccountError(USAGE);
  const username = add?.username ?? rest[0]!;
  const config = loadConfig();
  // The embedded database is one process's at a time: stop the server before using this with it.
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  try {
    if (add) {
      const accounts = new StaffAccountsRepository(database.db);
      const exists = await accounts.users.findByUsername(username);
      const password =
        process.env.STAFF_PASSWORD || (exists && !process.stdin.isTTY ? undefined : await askPassword(`Password for staff account ${username}: `));
      const choices = { role: add.admin ? ("admin" as const) : exists ? undefined : ("counselor" as const), cabins: add.cabins };
      const result = await addStaffAccount(accounts, username, password, choices);
      const role = add.admin ? "admin" : (exists?.role ?? "counselor");
      const cabins = add.cabins?.length ? `, cabins: ${add.cabins.join(", ")}` : "";
      return result === "created"
        ? `Staff account "${username}" created (${role}${cabins}). Sign in on the usual screen.`
        : `Staff account "${username}" updated (${role}${cabins}${password ? ", new password" : ""}).`;
    }
    await removeStaffAccount(new StaffAccountsRepository(database.db), await createMediaStorage(config.media), username);
    return `Staff account "${username}" removed.`;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => process.stdout.write(`${message}\n`),
  (error: unknown) => {
    if (error instanceof StaffAccountError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  },
);
