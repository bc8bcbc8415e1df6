import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { CabinsRepository } from "../staff/cabins.repository.ts";
import { ensureCabins } from "../staff/staff-accounts.ts";

const users = schema.users;
const sessions = schema.campSessions;

/** The advisory lock every roster import takes: two imports at once take turns, so neither makes a camper twice. */
const ROSTER_LOCK = 727_027;

export interface ExistingCamper {
  id: number;
  username: string;
  firstName: string;
  lastInitial: string;
  cabinId: number;
  campSessionId: number;
  mediaRelease: boolean;
}

/** Finds camp sessions by name (any letter case), making the ones that do not exist yet. */
export async function ensureCampSessions(db: Database, names: string[]): Promise<{ id: number; name: string }[]> {
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (wanted.length === 0) return [];
  await db.insert(sessions).values(wanted.map((name) => ({ name }))).onConflictDoNothing();
  return db
    .select({ id: sessions.id, name: sessions.name })
    .from(sessions)
    .where(inArray(sql`lower(${sessions.name})`, wanted.map((n) => n.toLowerCase())));
}

/** The roster's queries; `tx` is the import's transaction (under the roster lock). */
export class RosterRepository {
  constructor(private readonly db: Database) {}

  underRosterLock<T>(work: (tx: RosterRepository, db: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROSTER_LOCK})`);
      return work(new RosterRepository(tx), tx);
    });
  }

  ensureCabins(names: string[]) {
    return ensureCabins(new CabinsRepository(this.db), names);
  }

  ensureSessions(names: string[]) {
    return ensureCampSessions(this.db, names);
  }

  /** Roster-made (or placed) campers of these cabins and sessions: the candidates a row may match. */
  async campersIn(cabinIds: number[], sessionIds: number[]): Promise<ExistingCamper[]> {
    if (!cabinIds.length || !sessionIds.length) return [];
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastInitial: users.lastInitial,
        cabinId: users.cabinId,
        campSessionId: users.campSessionId,
        mediaRelease: users.mediaRelease,
      })
      .from(users)
      .where(and(eq(users.role, "camper"), inArray(users.cabinId, cabinIds), inArray(users.campSessionId, sessionIds)));
    return rows.filter((r): r is ExistingCamper => r.firstName !== null && r.lastInitial !== null && r.cabinId !== null && r.campSessionId !== null);
  }

  /** Usernames taken that start with `base` (lower case), to pick "zoe.d2" without a query per try. */
  async usernamesLike(base: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ name: sql<string>`lower(${users.username})` })
      .from(users)
      .where(sql`lower(${users.username}) LIKE ${`${base}%`}`);
    return new Set(rows.map((r) => r.name));
  }

  /** A camper without a password; undefined when the username was taken meanwhile (a self-registration). */
  async createCamper(values: {
    username: string;
    firstName: string;
    lastInitial: string;
    cabinId: number;
    campSessionId: number;
    mediaRelease: boolean;
  }): Promise<{ id: number } | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, role: "camper", passwordHash: null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return row;
  }

  async setMediaRelease(userId: number, mediaRelease: boolean): Promise<void> {
    await this.db.update(users).set({ mediaRelease }).where(eq(users.id, userId));
  }
}
