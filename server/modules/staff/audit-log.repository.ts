import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import type { StaffScope } from "./staff-scope.ts";

const a = schema.staffAuditLog;

export type AuditRow = typeof a.$inferSelect;

/** The staff audit log (staff_audit_log): entries are only ever added, and read newest first. */
export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  async insert(values: Omit<typeof a.$inferInsert, "id" | "createdAt">): Promise<void> {
    await this.db.insert(a).values(values);
  }

  /** Whether this staff member recorded this action with this detail in the last `minutes`. */
  async recordedWithin(minutes: number, staffUserId: number, action: string, detail: string): Promise<boolean> {
    const [recent] = await this.db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.staffUserId, staffUserId), eq(a.action, action), eq(a.detail, detail), gt(a.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
      .limit(1);
    return !!recent;
  }

  /**
   * Newest first, with the camper's name and show title while they still exist. A scope of cabins keeps
   * only entries about campers it reaches.
   */
  list(limit: number, scope: StaffScope): Promise<{ entry: AuditRow; camperUsername: string | null; showTitle: string | null }[]> {
    return this.db
      .select({ entry: a, camperUsername: schema.users.username, showTitle: schema.shows.title })
      .from(a)
      .leftJoin(schema.users, eq(schema.users.id, a.camperUserId))
      .leftJoin(schema.shows, eq(schema.shows.id, a.showId))
      .where(scope.kind === "all" ? undefined : camperInScope(scope))
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(limit);
  }
}
