import type { PublicUser } from "../../../contracts/auth.ts";
import { STAFF_TEAM_MESSAGES, type CreateStaffBody, type StaffAccount, type UpdateStaffBody } from "../../../contracts/staff-team.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { AuditLog } from "./audit-log.ts";
import { addStaffAccount, removeStaffAccount, StaffAccountError } from "./staff-accounts.ts";
import type { StaffAccountsRepository } from "./staff-accounts.repository.ts";

/**
 * The director manages the camp's staff in the app, through the same functions
 * `npm run staff:add` uses. The camp always keeps one admin: the last one is neither removed nor demoted.
 */
export class StaffTeam {
  constructor(
    private readonly accounts: StaffAccountsRepository,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
  ) {}

  async list(me: PublicUser): Promise<StaffAccount[]> {
    const rows = await this.accounts.users.listStaff();
    const cabins = await this.accounts.cabins.namesOfStaff(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      cabins: cabins.filter((c) => c.staffUserId === r.id).map((c) => c.name),
      isYou: r.id === me.id,
    }));
  }

  async create(me: PublicUser, body: CreateStaffBody): Promise<StaffAccount> {
    if (await this.accounts.users.findByUsername(body.username)) throw conflict(STAFF_TEAM_MESSAGES.taken);
    await this.run(() => addStaffAccount(this.accounts, body.username, body.password, { role: body.role, cabins: body.cabins }));
    const made = (await this.list(me)).find((s) => s.username.toLowerCase() === body.username.toLowerCase())!;
    await this.audit.record(me, "added_staff", { detail: `${made.username} (${made.role}${made.cabins.length ? `: ${made.cabins.join(", ")}` : ""})` });
    return made;
  }

  async update(me: PublicUser, id: number, body: UpdateStaffBody): Promise<StaffAccount> {
    const existing = await this.find(me, id);
    await this.accounts.underTeamLock(async (tx) => {
      if (body.role && body.role !== "admin" && existing.role === "admin") await this.assertAnotherAdmin(tx, id);
      await this.run(() => addStaffAccount(tx, existing.username, body.password, { role: body.role, cabins: body.cabins }));
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
    await this.accounts.underTeamLock(async (tx) => {
      if (existing.role === "admin") await this.assertAnotherAdmin(tx, id);
      await this.run(() => removeStaffAccount(tx, this.storage, existing.username));
    });
    await this.audit.record(me, "removed_staff", { detail: `${existing.username} (${existing.role})` });
  }

  private async find(me: PublicUser, id: number): Promise<StaffAccount> {
    const found = (await this.list(me)).find((s) => s.id === id);
    if (!found) throw notFound(STAFF_TEAM_MESSAGES.notFound);
    return found;
  }

  /**
   * Demoting or removing an admin checks "another admin remains" and acts under one advisory lock (`tx`
   * holds it), so two directors demoting each other at once cannot leave the camp with none.
   */
  private async assertAnotherAdmin(tx: StaffAccountsRepository, id: number): Promise<void> {
    if ((await tx.users.countOtherAdmins(id)) === 0) throw conflict(STAFF_TEAM_MESSAGES.lastAdmin);
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

