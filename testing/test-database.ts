import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type DatabaseHandle } from "../db/client.ts";

/**
 * One database per test worker, opened once (PGlite costs seconds to start) and emptied between
 * tests. TEST_DB_KIND=postgres runs the same suite on the real PostgreSQL at TEST_DATABASE_URL,
 * in a database of the worker's own so parallel workers never see each other's rows.
 */
let handle: Promise<DatabaseHandle> | undefined;

export function testDatabase(): Promise<DatabaseHandle> {
  handle ??= process.env.TEST_DB_KIND === "postgres" ? openWorkerPostgres() : openDatabase({ kind: "pglite", dataDir: null });
  return handle;
}

async function openWorkerPostgres(): Promise<DatabaseHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
  // TEST_DB_PREFIX keeps two checkouts testing on one PostgreSQL server out of each other's databases.
  const prefix = (process.env.TEST_DB_PREFIX ?? "summer_stories_test").replace(/[^a-z0-9_]/g, "_");
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? "1"}`;
  return openDatabase({ kind: "postgres", url: await freshDatabase(baseUrl, name), poolSize: 20 });
}

/** A new, empty database `name` on the PostgreSQL at `baseUrl` (dropped first if it exists); its URL. */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs raw SQL in a test and returns its rows (PGlite and node-postgres both answer with `rows`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Empties every table of the app (whatever later migrations add) and restarts the id sequences a test
 * moved, in one round trip. Only tables holding rows are emptied, and by DELETE with the foreign keys'
 * triggers off (every table that holds rows is emptied, so none is left pointing at a deleted row):
 * a test's few rows go in microseconds, while TRUNCATE makes each table a new file and rewrites the
 * catalog, which was most of the time of a file resetting before each of hundreds of tests (the
 * authorization matrix on PostgreSQL: 51 s with TRUNCATE, 19 s with DELETE; decision 029c).
 */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(sql.raw(`DO $reset$
DECLARE
  dirty text[] := '{}';
  name text;
  item record;
  has_rows boolean;
BEGIN
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', item.tablename) INTO has_rows;
    IF has_rows THEN dirty := dirty || format('public.%I', item.tablename); END IF;
  END LOOP;
  IF cardinality(dirty) > 0 THEN
    PERFORM set_config('session_replication_role', 'replica', true);
    FOREACH name IN ARRAY dirty LOOP EXECUTE 'DELETE FROM ' || name; END LOOP;
    PERFORM set_config('session_replication_role', 'origin', true);
  END IF;
  FOR item IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL LOOP
    EXECUTE format('ALTER SEQUENCE public.%I RESTART', item.sequencename);
  END LOOP;
END
$reset$`));
}
