import { and, eq, sql } from "drizzle-orm";
import type { PublicUser, UserRole } from "../../../contracts/auth.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export type UserRow = typeof schema.users.$inferSelect;

/** The one place a user row becomes what the API shows. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    subscriptionTier: row.subscriptionTier,
    recordingsCount: row.recordingsCount,
    role: row.role,
  };
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
}
