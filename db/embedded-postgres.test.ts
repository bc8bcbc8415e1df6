import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../testing/test-database.ts";
import { isAlive } from "../testing/processes.ts";
import { openDatabase, type DatabaseHandle } from "./client.ts";

/** The embedded default as main.ts opens it for DATA_DIR. */
function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({
    kind: "embedded-postgres",
    dir: path.join(dataDir, "postgres"),
    pgliteDir: path.join(dataDir, "db"),
    poolSize: 4,
  });
}

describe("the embedded PostgreSQL server", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ss-embedded-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts on an empty DATA_DIR with the same migrations as PostgreSQL, small settings, and keeps rows across a restart", async () => {
    let database = await openEmbedded(dataDir);
    expect(database.kind).toBe("embedded-postgres");
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(["users", "shows", "sessions", "render_jobs"]));
    const settings = await queryRows<{ name: string; setting: string; unit: string | null }>(
      database.db,
      sql`SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'io_method', 'max_connections', 'fsync', 'synchronous_commit', 'listen_addresses')`,
    );
    const byName = Object.fromEntries(settings.map((s) => [s.name, s.setting]));
    // 16 MB in 8 kB pages; no TCP port; durability untouched.
    expect(byName).toEqual({
      shared_buffers: "2048",
      io_method: "sync",
      max_connections: "11",
      fsync: "on",
      synchronous_commit: "on",
      listen_addresses: "",
    });
    await database.db.execute(sql`INSERT INTO users (username, password_hash) VALUES ('kept', 'x')`);
    await database.close();

    database = await openEmbedded(dataDir);
    const rows = await queryRows<{ username: string }>(database.db, sql`SELECT username FROM users`);
    expect(rows).toEqual([{ username: "kept" }]);
    await database.close();
  });

  it("keeps every acknowledged write when the app is killed with kill -9, and the next start stops the server it left", async () => {
    const writer = spawn(process.execPath, ["--import", "tsx", "testing/embedded-postgres-writer.ts", dataDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    writer.stderr.on("data", (chunk) => (stderr += chunk));
    const acknowledged = await new Promise<number>((resolve, reject) => {
      let last = 0;
      writer.stdout.setEncoding("utf8");
      writer.stdout.on("data", (chunk: string) => {
        last = Number(chunk.trim().split("\n").pop());
        // Killed mid-stream: some inserts are in flight, never acknowledged.
        if (last >= 40) {
          writer.kill("SIGKILL");
          resolve(last);
        }
      });
      writer.on("exit", (code) => {
        if (last < 40) reject(new Error(`writer ended (${code}) after ${last} rows:\n${stderr}`));
      });
    });
    await new Promise((r) => writer.once("exit", r));

    const ownerFile = path.join(dataDir, "postgres.owner.json");
    const { readFileSync } = await import("node:fs");
    const leftoverPid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(isAlive(leftoverPid)).toBe(true);
    expect(JSON.parse(readFileSync(ownerFile, "utf8")).appPid).toBe(writer.pid);

    const database = await openEmbedded(dataDir);
    expect(isAlive(leftoverPid)).toBe(false);
    const rows = await queryRows<{ username: string }>(database.db, sql`SELECT username FROM users WHERE username LIKE 'camper%'`);
    const saved = new Set(rows.map((r) => r.username));
    for (let i = 1; i <= acknowledged; i++) expect(saved.has(`camper${i}`), `camper${i}`).toBe(true);
    await database.close();
  });
});
