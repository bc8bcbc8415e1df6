import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AuditAction, AuditEntry } from "../../../contracts/reviews.ts";
import type { PublicUser } from "../../../contracts/auth.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const a = schema.staffAuditLog;

/** Who on the staff did what, when. Written by every staff action; read by staff on /staff. */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(
    // id null: the app itself (housekeeping carrying out the retention rule).
    staff: { id: PublicUser["id"] | null; username: string },
    action: AuditAction,
    target: { camperUserId?: number | null; showId?: number | null; detail?: string | null } = {},
  ): Promise<void> {
    await this.db.insert(a).values({
      staffUserId: staff.id,
      staffUsername: staff.username,
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
    staff: { id: PublicUser["id"]; username: string },
    action: AuditAction,
    target: { camperUserId: number; showId: number; detail: string },
  ): Promise<void> {
    const [recent] = await this.db
      .select({ id: a.id })
      .from(a)
      .where(
        and(
          eq(a.staffUserId, staff.id),
          eq(a.action, action),
          eq(a.detail, target.detail),
          gt(a.createdAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      )
      .limit(1);
    if (!recent) await this.record(staff, action, target);
  }

  /** Newest first; the camper's name and show title while they still exist. */
  async list(limit: number): Promise<AuditEntry[]> {
    const rows = await this.db
      .select({ entry: a, camperUsername: schema.users.username, showTitle: schema.recordings.title })
      .from(a)
      .leftJoin(schema.users, eq(schema.users.id, a.camperUserId))
      .leftJoin(schema.recordings, eq(schema.recordings.id, a.showId))
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(limit);
    return rows.map(({ entry, camperUsername, showTitle }) => ({
      id: entry.id,
      staffUsername: entry.staffUsername,
      action: entry.action as AuditAction,
      camperUsername: camperUsername ?? null,
      showId: entry.showId,
      showTitle: showTitle ?? null,
      detail: entry.detail,
      createdAt: entry.createdAt.toISOString(),
    }));
  }
}
