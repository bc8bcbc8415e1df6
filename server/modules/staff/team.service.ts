import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { STAFF_ROLES, type PublicUser, type StaffRole } from "../../../contracts/auth.ts";
import { STAFF_TEAM_MESSAGES, type CreateStaffBody, type StaffAccount, type UpdateStaffBody } from "../../../contracts/staff-team.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { UsersRepository } from "../auth/users.repository.ts";
import type { AuditLog } from "./audit-log.ts";
import { addStaffAccount, removeStaffAccount, StaffAccountError } from "./staff-accounts.ts";

const users = schema.users;
/** The advisory lock of changes to who is an admin. */
const TEAM_LOCK = 727_028;

/**
 * The director manages the camp's staff in the app (issue 27, item 1), through the same functions
 * `npm run staff:add` uses. The camp always keeps one admin: the last one is neither removed nor demoted.
 */
export class StaffTeam {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
  ) {}

  async list(me: PublicUser): Promise<StaffAccount[]> {
    const rows = await this.db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(asc(users.role), asc(users.username));
    const cabins = rows.length
      ? await this.db
          .select({ staffUserId: schema.staffCabins.staffUserId, name: schema.cabins.name })
          .from(schema.staffCabins)
          .innerJoin(schema.cabins, eq(schema.cabins.id, schema.staffCabins.cabinId))
          .where(inArray(schema.staffCabins.staffUserId, rows.map((r) => r.id)))
          .orderBy(asc(schema.cabins.name))
      : [];
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role as StaffRole,
      cabins: cabins.filter((c) => c.staffUserId === r.id).map((c) => c.name),
      isYou: r.id === me.id,
    }));
  }

  async create(me: PublicUser, body: CreateStaffBody): Promise<StaffAccount> {
    if (await new UsersRepository(this.db).findByUsername(body.username)) throw conflict(STAFF_TEAM_MESSAGES.taken);
    await this.run(() => addStaffAccount(this.db, body.username, body.password, { role: body.role, cabins: body.cabins }));
    const made = (await this.list(me)).find((s) => s.username.toLowerCase() === body.username.toLowerCase())!;
    await this.audit.record(me, "added_staff", { detail: `${made.username} (${made.role}${made.cabins.length ? `: ${made.cabins.join(", ")}` : ""})` });
    return made;
  }

  async update(me: PublicUser, id: number, body: UpdateStaffBody): Promise<StaffAccount> {
    const existing = await this.find(me, id);
    await this.underTeamLock(async (db) => {
      if (body.role && body.role !== "admin" && existing.role === "admin") await this.assertAnotherAdmin(db, id);
      await this.run(() => addStaffAccount(db, existing.username, body.password, { role: body.role, cabins: body.cabins }));
    });
    const after = await this.find(me, id);
    const changes = [
      body.role !== undefined && body.role !== existing.role ? `role ${after.role}` : null,
      body.cabins !== undefined ? `cabins ${after.cabins.join(", ") || "none"}` : null,
      body.password !== undefined ? "a new password (signed out everywhere)" : null,
    ].filter(Boolean);
    if (changes.length) await this.audit.record(me, "changed_staff", { detail: `${after.username}: ${changes.join("; ")}` });
    return after;
  }

  async remove(me: PublicUser, id: number): Promise<void> {
    const existing = await this.find(me, id);
    if (existing.isYou) throw badRequest(STAFF_TEAM_MESSAGES.notYourself);
    await this.underTeamLock(async (db) => {
      if (existing.role === "admin") await this.assertAnotherAdmin(db, id);
      await this.run(() => removeStaffAccount(db, this.storage, existing.username));
    });
    await this.audit.record(me, "removed_staff", { detail: `${existing.username} (${existing.role})` });
  }

  private async find(me: PublicUser, id: number): Promise<StaffAccount> {
    const found = (await this.list(me)).find((s) => s.id === id);
    if (!found) throw notFound(STAFF_TEAM_MESSAGES.notFound);
    return found;
  }

  /**
   * Demoting or removing an admin checks "another admin remains" and acts under one advisory lock, so two
   * directors demoting each other at once cannot leave the camp with none.
   */
  private underTeamLock<T>(work: (db: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCK})`);
      return work(tx);
    });
  }

  private async assertAnotherAdmin(db: Database, id: number): Promise<void> {
    const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), ne(users.id, id)));
    if (!row || Number(row.n) === 0) throw conflict(STAFF_TEAM_MESSAGES.lastAdmin);
  }

  /** The staff functions speak in StaffAccountError sentences: here they are a 400 with that sentence. */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StaffAccountError) throw badRequest(error.message);
      throw error;
    }
  }
}

