import type { PublicUser } from "../../../contracts/auth.ts";
import { notFound } from "../../http/errors.ts";
import type { UsersRepository } from "../auth/users.repository.ts";
import type { CabinsRepository } from "./cabins.repository.ts";

/**
 * Which campers a staff member may reach (decision 027a): the director every camper, a counselor the
 * campers of the cabins they look after and nobody else, not even by id. Every staff route that names a
 * camper, a show, a render or a link asks here; a camper out of scope is answered exactly like one that
 * does not exist (404), so ids of other cabins tell nothing. Repositories take the scope as a condition
 * (camperInScope in users.repository.ts).
 */
export type StaffScope = { kind: "all" } | { kind: "cabins"; cabinIds: number[] };

export class StaffScopes {
  constructor(
    private readonly users: UsersRepository,
    private readonly cabinRows: CabinsRepository,
  ) {}

  /** The scope of a signed-in staff member (their cabins are read on every call: a change applies at once). */
  async of(staff: Pick<PublicUser, "id" | "role">): Promise<StaffScope> {
    if (staff.role === "admin") return { kind: "all" };
    if (staff.role !== "counselor") return { kind: "cabins", cabinIds: [] };
    return { kind: "cabins", cabinIds: await this.cabinRows.cabinIdsOf(staff.id) };
  }

  /** The cabin, when the scope reaches it; undefined for one out of scope exactly as for a missing one. */
  async cabin(scope: StaffScope, cabinId: number): Promise<{ id: number; name: string } | undefined> {
    if (scope.kind === "cabins" && !scope.cabinIds.includes(cabinId)) return undefined;
    return this.cabinRows.named(cabinId);
  }

  /** The cabins the scope reaches (a counselor's own, every cabin for the director), by name. */
  cabins(scope: StaffScope): Promise<{ id: number; name: string }[]> {
    return this.cabinRows.list(scope.kind === "all" ? undefined : scope.cabinIds);
  }

  /** Whether the scope reaches this camper (false for staff accounts and unknown ids). */
  reachesCamper(scope: StaffScope, camperUserId: number): Promise<boolean> {
    return this.users.reachesCamper(scope, camperUserId);
  }

  /** Throws the same 404 a missing record gives when the staff member may not reach this camper. */
  async assertCamper(staff: Pick<PublicUser, "id" | "role">, camperUserId: number, message: string): Promise<void> {
    if (!(await this.reachesCamper(await this.of(staff), camperUserId))) throw notFound(message);
  }
}
