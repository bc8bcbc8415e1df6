import type { PublicUser } from "../../../contracts/auth.ts";
import { CAMPER_MESSAGES, type Cabin, type PlaceCamperBody, type StaffCamper, type StaffCampersQuery } from "../../../contracts/roster.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { CampersRepository } from "./campers.repository.ts";

export interface CampersServiceOptions {
  campers: CampersRepository;
  scopes: StaffScopes;
  audit: AuditLog;
}

/**
 * Campers as staff see them (GET /api/staff/campers), placing a camper in a cabin and session (the
 * director) and their media release (the director or a counselor of the camper's cabin). A camper out of
 * the caller's scope is a 404, like one that does not exist.
 */
export class CampersService {
  private readonly campers: CampersRepository;
  private readonly scopes: StaffScopes;
  private readonly audit: AuditLog;

  constructor(options: CampersServiceOptions) {
    this.campers = options.campers;
    this.scopes = options.scopes;
    this.audit = options.audit;
  }

  async list(staff: PublicUser, query: StaffCampersQuery): Promise<StaffCamper[]> {
    return this.campers.list(await this.scopes.of(staff), query);
  }

  async cabins(staff: PublicUser): Promise<Cabin[]> {
    return this.campers.cabins(await this.scopes.of(staff));
  }

  async place(staff: PublicUser, camperId: number, body: PlaceCamperBody): Promise<StaffCamper> {
    const before = await this.campers.one(await this.scopes.of(staff), camperId);
    if (!before) throw notFound(CAMPER_MESSAGES.notFound);
    const moving = body.cabin !== undefined || body.session !== undefined;
    if (moving && staff.role !== "admin") throw forbidden(CAMPER_MESSAGES.placeAdminOnly);
    const values: Parameters<CampersRepository["update"]>[1] = {};
    if (body.cabin !== undefined) values.cabinId = body.cabin === null ? null : (await this.campers.ensureCabins([body.cabin]))[0]!.id;
    if (body.session !== undefined) values.campSessionId = body.session === null ? null : (await this.campers.ensureSessions([body.session]))[0]!.id;
    if (body.mediaRelease !== undefined) values.mediaRelease = body.mediaRelease;
    await this.campers.update(camperId, values);
    const after = (await this.campers.one({ kind: "all" }, camperId))!;
    if (moving && (after.cabin !== before.cabin || after.session !== before.session)) {
      await this.audit.record(staff, "place_camper", {
        camperUserId: camperId,
        detail: `Cabin ${after.cabin ?? "none"}, session ${after.session ?? "none"} (was ${before.cabin ?? "none"}, ${before.session ?? "none"})`,
      });
    }
    if (body.mediaRelease !== undefined && body.mediaRelease !== before.mediaRelease) {
      await this.audit.record(staff, "set_media_release", { camperUserId: camperId, detail: `Media release ${body.mediaRelease ? "given" : "withdrawn"}` });
    }
    return after;
  }
}
