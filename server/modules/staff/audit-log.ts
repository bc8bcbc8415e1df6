import type { AuditAction, AuditEntry } from "../../../contracts/reviews.ts";
import { isStaffRole, type PublicUser, type UserRole } from "../../../contracts/auth.ts";
import type { AuditLogRepository } from "./audit-log.repository.ts";
import type { StaffScope } from "./staff-scope.ts";

/**
 * Who on the staff did what, when, and in which role (a counselor's actions on their campers are told
 * apart from the director's). Written by every staff action; read on /staff/audit: the director reads
 * every entry, a counselor the entries about their own campers (decision 027a).
 */
export class AuditLog {
  constructor(private readonly entries: AuditLogRepository) {}

  async record(
    // id null: the app itself (housekeeping carrying out the retention rule).
    staff: { id: PublicUser["id"] | null; username: string; role?: UserRole },
    action: AuditAction,
    target: { camperUserId?: number | null; showId?: number | null; detail?: string | null } = {},
  ): Promise<void> {
    await this.entries.insert({
      staffUserId: staff.id,
      staffUsername: staff.username,
      staffRole: staff.role && isStaffRole(staff.role) ? staff.role : null,
      action,
      camperUserId: target.camperUserId ?? null,
      showId: target.showId ?? null,
      detail: target.detail ?? null,
    });
  }

  /**
   * Records the action unless this staff member recorded the same action with the same detail in the
   * last `minutes`: one entry for one viewing, however many requests a player makes for it.
   */
  async recordOnceWithin(
    minutes: number,
    staff: { id: PublicUser["id"]; username: string; role?: UserRole },
    action: AuditAction,
    target: { camperUserId: number; showId: number; detail: string },
  ): Promise<void> {
    if (!(await this.entries.recordedWithin(minutes, staff.id, action, target.detail))) await this.record(staff, action, target);
  }

  /**
   * Newest first; the camper's name and show title while they still exist. A counselor's scope keeps
   * only entries about campers of their cabins (not the app's own, not other staff's settings).
   */
  async list(limit: number, scope: StaffScope = { kind: "all" }): Promise<AuditEntry[]> {
    const rows = await this.entries.list(limit, scope);
    return rows.map(({ entry, camperUsername, showTitle }) => ({
      id: entry.id,
      staffUsername: entry.staffUsername,
      staffRole: entry.staffRole ?? null,
      action: entry.action as AuditAction,
      camperUsername: camperUsername ?? null,
      showId: entry.showId,
      showTitle: showTitle ?? null,
      detail: entry.detail,
      createdAt: entry.createdAt.toISOString(),
    }));
  }
}
