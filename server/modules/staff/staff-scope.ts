import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../../contracts/auth.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { notFound } from "../../http/errors.ts";

/**
 * Which campers a staff member may reach (decision 027a): the director every camper, a counselor the
 * campers of the cabins they look after and nobody else, not even by id. Every staff route that names a
 * camper, a show, a render or a link asks here; a camper out of scope is answered exactly like one that
 * does not exist (404), so ids of other cabins tell nothing.
 */
export type StaffScope = { kind: "all" } | { kind: "cabins"; cabinIds: number[] };

const users = schema.users;

/** The SQL condition "this users row is a camper the scope reaches" (the users table must be in the query). */
export function camperInScope(scope: StaffScope): SQL {
  const camper = eq(users.role, "camper");
  if (scope.kind === "all") return camper;
  if (scope.cabinIds.length === 0) return sql`false`;
  return and(camper, inArray(users.cabinId, scope.cabinIds))!;
}

export class StaffScopes {
  constructor(private readonly db: Database) {}

  /** The scope of a signed-in staff member (their cabins are read on every call: a change applies at once). */
  async of(staff: Pick<PublicUser, "id" | "role">): Promise<StaffScope> {
    if (staff.role === "admin") return { kind: "all" };
    if (staff.role !== "counselor") return { kind: "cabins", cabinIds: [] };
    const rows = await this.db.select({ cabinId: schema.staffCabins.cabinId }).from(schema.staffCabins).where(eq(schema.staffCabins.staffUserId, staff.id));
    return { kind: "cabins", cabinIds: rows.map((r) => r.cabinId) };
  }

  /** Whether the scope reaches this camper (false for staff accounts and unknown ids). */
  async reachesCamper(scope: StaffScope, camperUserId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(and(eq(users.id, camperUserId), camperInScope(scope)));
    return !!row;
  }

  /** Throws the same 404 a missing record gives when the staff member may not reach this camper. */
  async assertCamper(staff: Pick<PublicUser, "id" | "role">, camperUserId: number, message: string): Promise<void> {
    if (!(await this.reachesCamper(await this.of(staff), camperUserId))) throw notFound(message);
  }
}
