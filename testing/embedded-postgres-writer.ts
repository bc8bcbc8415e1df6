// A stand-in app for the durability test: opens the embedded database in DATA_DIR (argv[2]) and adds
// campers one at a time, printing each number only after PostgreSQL acknowledged its commit.
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";

const dataDir = process.argv[2]!;
const { db } = await openDatabase({
  kind: "embedded-postgres",
  dir: path.join(dataDir, "postgres"),
  pgliteDir: path.join(dataDir, "db"),
  poolSize: 4,
});
for (let i = 1; ; i++) {
  await db.execute(sql`INSERT INTO users (username, password_hash) VALUES (${`camper${i}`}, 'x')`);
  process.stdout.write(`${i}\n`);
}
