import { and, asc, count, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { STAFF_ROLES, type PublicUser, type StaffRole, type UserRole } from "../../../contracts/auth.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

export type UserRow = typeof schema.users.$inferSelect;

/** The one place a user row becomes what the API shows. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    subscriptionTier: row.subscriptionTier,
    recordingsCount: row.showsCount,
    role: row.role,
  };
}

const users = schema.users;

/** The SQL condition "this users row is a camper the scope reaches" (the users table must be in the query). */
export function camperInScope(scope: StaffScope): SQL {
  const camper = eq(users.role, "camper");
  if (scope.kind === "all") return camper;
  if (scope.cabinIds.length === 0) return sql`false`;
  return and(camper, inArray(users.cabinId, scope.cabinIds))!;
}

/**
 * The rows of `table` that campers (not staff) made before `before`, with their camper's username,
 * ordered by `order` (the retention rule's question to each media table; `also` narrows it).
 */
export async function camperRowsBefore<T extends PgTable>(
  db: Database,
  table: T,
  columns: { userId: PgColumn; createdAt: PgColumn; order: PgColumn },
  before: Date,
  also?: SQL,
): Promise<{ row: T["$inferSelect"]; username: string }[]> {
  const of: PgTable = table;
  const rows = await db
    .select({ row: of, username: users.username })
    .from(of)
    .innerJoin(users, eq(users.id, columns.userId))
    .where(and(eq(users.role, "camper"), also, lt(columns.createdAt, before)))
    .orderBy(asc(columns.order));
  return rows as unknown as { row: T["$inferSelect"]; username: string }[];
}

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.username}) = lower(${username})`);
    return row;
  }

  /** The camper whose sign-in card code starts with these four characters (staff never have codes). */
  async findCamperByLoginCodeLookup(lookup: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.loginCodeLookup, lookup), eq(schema.users.role, "camper")));
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(schema.users).where(eq(schema.users.id, id));
    return row;
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, id));
  }

  /** Deletes the user; sessions and shows go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.db.delete(schema.users).where(eq(schema.users.id, id));
  }

  /** Inserts a user; returns undefined when the username is taken (in any letter case). */
  async create(username: string, passwordHash: string, role: UserRole = "camper"): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(schema.users)
      .values({ username, passwordHash, role })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** The account as the camper's export shows it (never a password hash or a sign-in code). */
  async exportAccount(id: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        subscriptionTier: users.subscriptionTier,
        recordingsCount: users.showsCount,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** Whether the scope reaches this camper (false for staff accounts and unknown ids). */
  async reachesCamper(scope: StaffScope, camperUserId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(and(eq(users.id, camperUserId), camperInScope(scope)));
    return !!row;
  }

  /** A new sign-in card code: the plain lookup and the hash of the whole code (a clash on the lookup throws). */
  async setLoginCode(id: number, lookup: string, hash: string): Promise<void> {
    await this.db.update(users).set({ loginCodeLookup: lookup, loginCodeHash: hash, loginCodeIssuedAt: new Date() }).where(eq(users.id, id));
  }

  async setRole(id: number, role: UserRole): Promise<void> {
    await this.db.update(users).set({ role }).where(eq(users.id, id));
  }

  /** The staff accounts, admins first, by username. */
  async listStaff(): Promise<{ id: number; username: string; role: StaffRole }[]> {
    const rows = await this.db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(asc(users.role), asc(users.username));
    return rows.map((r) => ({ ...r, role: r.role as StaffRole }));
  }

  /** How many admins there are besides this account. */
  async countOtherAdmins(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), ne(users.id, id)));
    return Number(row?.n ?? 0);
  }
}
