import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { openDatabase } from "../../db/client.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createMediaStorage } from "../media/create-media-storage.ts";
import { StaffAccountError, addStaffAccount, removeStaffAccount } from "../modules/staff/staff-accounts.ts";

/**
 * `npm run staff:add -- USERNAME` and `npm run staff:remove -- USERNAME`, on the server. The
 * password comes from STAFF_PASSWORD or is asked on the terminal without echo, so it never sits
 * in the shell's history.
 */
const USAGE = "Usage: npm run staff:add -- USERNAME   |   npm run staff:remove -- USERNAME";

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
  const [command, username, ...rest] = argv;
  if ((command !== "add" && command !== "remove") || !username || rest.length > 0) throw new StaffAccountError(USAGE);
  const config = loadConfig();
  // The embedded database is one process's at a time: stop the server before using this with it.
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  try {
    if (command === "add") {
      const password = process.env.STAFF_PASSWORD || (await askPassword(`Password for staff account ${username}: `));
      const result = await addStaffAccount(database.db, username, password);
      return result === "created" ? `Staff account "${username}" created. Sign in on the usual screen.` : `Password of staff account "${username}" updated.`;
    }
    await removeStaffAccount(database.db, await createMediaStorage(config.media), username);
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
