import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { StaffCamper } from "../../../contracts/roster.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import { CabinsRepository } from "../staff/cabins.repository.ts";
import { ensureCabins } from "../staff/staff-accounts.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { ensureCampSessions } from "./roster.repository.ts";

const users = schema.users;
const cabins = schema.cabins;
const sessions = schema.campSessions;

export type CampSessionRow = typeof sessions.$inferSelect;

/** Campers as staff list them, cabins and camp sessions: every query takes the caller's scope. */
export class CampersRepository {
  constructor(private readonly db: Database) {}

  async list(scope: StaffScope, filter: { cabin?: string; session?: string; id?: number }): Promise<StaffCamper[]> {
    const conditions: SQL[] = [camperInScope(scope)];
    if (filter.id !== undefined) conditions.push(eq(users.id, filter.id));
    if (filter.cabin) conditions.push(sql`lower(${cabins.name}) = lower(${filter.cabin})`);
    if (filter.session) conditions.push(sql`lower(${sessions.name}) = lower(${filter.session})`);
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastInitial: users.lastInitial,
        cabin: cabins.name,
        session: sessions.name,
        mediaRelease: users.mediaRelease,
        hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
        hasCode: sql<boolean>`${users.loginCodeHash} IS NOT NULL`,
      })
      .from(users)
      .leftJoin(cabins, eq(cabins.id, users.cabinId))
      .leftJoin(sessions, eq(sessions.id, users.campSessionId))
      .where(and(...conditions))
      .orderBy(asc(cabins.name), asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id));
    return rows;
  }

  async one(scope: StaffScope, id: number): Promise<StaffCamper | undefined> {
    const [row] = await this.list(scope, { id });
    return row;
  }

  /** Finds cabins by name (any letter case), making the ones that do not exist yet. */
  ensureCabins(names: string[]) {
    return ensureCabins(new CabinsRepository(this.db), names);
  }

  /** Finds camp sessions by name (any letter case), making the ones that do not exist yet. */
  ensureSessions(names: string[]) {
    return ensureCampSessions(this.db, names);
  }

  async update(id: number, values: Partial<{ cabinId: number | null; campSessionId: number | null; mediaRelease: boolean }>): Promise<void> {
    await this.db.update(users).set(values).where(eq(users.id, id));
  }

  /** Cabins with how many campers each; a counselor's scope gives their cabins only. */
  async cabins(scope: StaffScope): Promise<{ id: number; name: string; campers: number }[]> {
    if (scope.kind === "cabins" && scope.cabinIds.length === 0) return [];
    const rows = await this.db
      .select({ id: cabins.id, name: cabins.name, campers: count(users.id) })
      .from(cabins)
      .leftJoin(users, and(eq(users.cabinId, cabins.id), eq(users.role, "camper")))
      .where(scope.kind === "cabins" ? inArray(cabins.id, scope.cabinIds) : undefined)
      .groupBy(cabins.id, cabins.name)
      .orderBy(asc(cabins.name));
    return rows;
  }

  /** Camp sessions with how many campers of the scope each has (a counselor: their cabins' campers). */
  async sessions(scope: StaffScope): Promise<(CampSessionRow & { campers: number })[]> {
    const rows = await this.db
      .select({ session: sessions, campers: sql<number>`count(${users.id})::int` })
      .from(sessions)
      .leftJoin(users, and(eq(users.campSessionId, sessions.id), camperInScope(scope)))
      .groupBy(sessions.id)
      .orderBy(asc(sessions.createdAt), asc(sessions.id));
    return rows.map((r) => ({ ...r.session, campers: Number(r.campers) }));
  }

  async session(id: number): Promise<CampSessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  async requestSessionDeletion(id: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ deleteRequestedAt: at }).where(eq(sessions.id, id));
  }

  async sessionsToDelete(): Promise<CampSessionRow[]> {
    return this.db.select().from(sessions).where(isNotNull(sessions.deleteRequestedAt));
  }

  /** Deletes the session's campers (their shows and everything in them go by cascade); returns their ids. */
  async deleteCampersOf(sessionId: number): Promise<number[]> {
    const rows = await this.db
      .delete(users)
      .where(and(eq(users.campSessionId, sessionId), eq(users.role, "camper")))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  }

  async deleteSession(id: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }
}
