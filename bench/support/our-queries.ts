import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { schema, type Database } from "../../db/client.ts";
import { SessionsRepository } from "../../server/modules/auth/sessions.repository.ts";
import { ShowsRepository } from "../../server/modules/shows/shows.repository.ts";

interface Prepared {
  queryConfig: { name?: string; text: string };
  /** Fixed values, and `{ name }` where a value is given at execution. */
  params: unknown[];
}

export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The SQL of our two prepared statements behind a signed-in GET /api/recordings, as the repositories
 * build it (their prepare methods are private: a floor that copies them must not drift from them).
 */
export function ourQueries(): Record<string, Statement> {
  // Never connects: building a statement's text needs no database.
  const db = drizzle(new pg.Pool(), { schema }) as unknown as Database;
  const sessions = new SessionsRepository(db) as unknown as { prepareLiveSession(): { prepared: Prepared } };
  const shows = new ShowsRepository(db) as unknown as { prepareFirstPage(): { prepared: Prepared } };
  const found: Record<string, Statement> = {};
  for (const { queryConfig, params } of [sessions.prepareLiveSession().prepared, shows.prepareFirstPage().prepared]) {
    found[queryConfig.name!] = { text: queryConfig.text, params: JSON.parse(JSON.stringify(params)) };
  }
  return found;
}

/** Throws when a copy of our statements (by name) is not word for word what the repositories prepare. */
export function assertSameQueries(copies: Record<string, Statement>): void {
  const ours = ourQueries();
  for (const [name, copy] of Object.entries(copies)) {
    const [a, b] = [JSON.stringify(ours[name]), JSON.stringify(copy)];
    if (a !== b) throw new Error(`the floor's ${name} is not our ${name}:\n${a}\n---\n${b}`);
  }
}
