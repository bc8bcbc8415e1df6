import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { TEST_DATA_DIR } from "./test-app.ts";
import { queryRows, resetDatabase, testDatabase } from "./test-database.ts";

const MEDIA_DIR = path.join(TEST_DATA_DIR, "media");
const SNAPSHOT_MEDIA_DIR = path.join(TEST_DATA_DIR, "world-snapshot-media");

/** A world built once per file, put back exactly as built before each test that may change it. */
export interface WorldSnapshot {
  /** Every row, sequence and media file as they were when the snapshot was taken (after the setup's reset). */
  restore(): Promise<void>;
  drop(): Promise<void>;
}

export interface BuiltWorld<T> {
  /** The world as built: its rows, media and sequences put back, its times as fresh as if built now. */
  fresh(): Promise<T>;
  drop(): Promise<void>;
}

/**
 * Builds a file's world once, from empty tables and no media (files before it on the worker leave
 * theirs), and snapshots it: `fresh()` puts it back before each test that needs it untouched.
 */
export async function buildWorldOnce<T>(build: () => Promise<T>): Promise<BuiltWorld<T>> {
  const { db } = await testDatabase();
  await resetDatabase(db);
  await rm(MEDIA_DIR, { recursive: true, force: true });
  const world = await build();
  const snapshot = await snapshotWorld(db);
  return {
    async fresh() {
      await snapshot.restore();
      return world;
    },
    drop: () => snapshot.drop(),
  };
}

/**
 * Copies every table holding rows into a schema of its own (`world_snapshot`), with the sequences'
 * positions, and the worker's media folder beside it. Building a world through the API costs accounts
 * hashed with argon2id and a clip uploaded and remuxed (about a second, several under load); putting
 * it back costs a few INSERT … SELECTs and a folder copy, so a file of hundreds of tests can give each
 * write its own untouched world.
 */
export async function snapshotWorld(db: Database): Promise<WorldSnapshot> {
  await db.execute(sql.raw(`DO $snapshot$
DECLARE
  item record;
  has_rows boolean;
BEGIN
  DROP SCHEMA IF EXISTS world_snapshot CASCADE;
  CREATE SCHEMA world_snapshot;
  CREATE TABLE world_snapshot."~taken" AS SELECT now() AS at;
  CREATE TABLE world_snapshot."~sequences" AS
    SELECT sequencename::text AS name, last_value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL;
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', item.tablename) INTO has_rows;
    IF has_rows THEN
      EXECUTE format('CREATE TABLE world_snapshot.%I AS SELECT * FROM public.%I', item.tablename, item.tablename);
    END IF;
  END LOOP;
END
$snapshot$`));
  await rm(SNAPSHOT_MEDIA_DIR, { recursive: true, force: true });
  await cp(MEDIA_DIR, SNAPSHOT_MEDIA_DIR, { recursive: true }).catch(ignoreMissing);
  const restoreRows = await restoreStatement(db);

  return {
    async restore() {
      await resetDatabase(db);
      await db.execute(sql.raw(restoreRows));
      await rm(MEDIA_DIR, { recursive: true, force: true });
      await cp(SNAPSHOT_MEDIA_DIR, MEDIA_DIR, { recursive: true }).catch(ignoreMissing);
    },
    async drop() {
      await db.execute(sql.raw("DROP SCHEMA IF EXISTS world_snapshot CASCADE"));
      await rm(SNAPSHOT_MEDIA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * One statement putting the snapshot's rows and sequences back, written once from the catalog (reading
 * information_schema before every test was most of a restore's database time). Rows go back in any
 * order: foreign keys are not checked while the session acts as a replica, and every row was valid when
 * it was copied. Every time moves on by the time since the snapshot, so sessions, confirmations and
 * limits are as fresh as in a world built just now.
 */
async function restoreStatement(db: Database): Promise<string> {
  const tables = await queryRows<{ name: string; names: string; picks: string }>(
    db,
    sql.raw(`SELECT quote_ident(table_name) AS name,
       string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS names,
       string_agg(CASE WHEN data_type LIKE 'timestamp%' THEN quote_ident(column_name) || ' + snapshot_age' ELSE quote_ident(column_name) END, ', ' ORDER BY ordinal_position) AS picks
  FROM information_schema.columns
 WHERE table_schema = 'world_snapshot' AND table_name NOT LIKE '~%'
 GROUP BY table_name
 ORDER BY table_name`),
  );
  const sequences = await queryRows<{ name: string; position: string }>(
    db,
    sql.raw(`SELECT quote_literal('public.' || quote_ident(name)) AS name, last_value::text AS position FROM world_snapshot."~sequences" ORDER BY name`),
  );
  return `DO $restore$
DECLARE
  snapshot_age interval := now() - (SELECT at FROM world_snapshot."~taken");
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
${tables.map((t) => `  INSERT INTO public.${t.name} (${t.names}) OVERRIDING SYSTEM VALUE SELECT ${t.picks} FROM world_snapshot.${t.name};`).join("\n")}
${sequences.map((q) => `  PERFORM setval(${q.name}, ${q.position});`).join("\n")}
  PERFORM set_config('session_replication_role', 'origin', true);
END
$restore$`;
}

function ignoreMissing(error: NodeJS.ErrnoException) {
  if (error.code !== "ENOENT") throw error;
}
