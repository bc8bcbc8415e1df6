import type { Readable } from "node:stream";
import type { PublicUser } from "../../../contracts/auth.ts";
import { EXPORT_LIMITS, EXPORT_RATE_MESSAGE, type ExportAllowance } from "../../../contracts/data-export.ts";
import { assertPasswordConfirmed } from "../../http/authenticate.ts";
import { notFound, tooManyRequests } from "../../http/errors.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import { EXPORT_MESSAGES, type DataExport } from "./data-export.ts";

/** A camper's archive as it streams, and whose it is (for the file's name). */
export interface Archive {
  stream: Readable;
  username: string;
}

const HOUR_SECONDS = 3600;
const camperKey = (userId: number) => `export:user:${userId}`;

/** Who may download which archive, how often, and the audit entry of every staff download. */
export class ExportService {
  constructor(
    private readonly deps: { exporter: DataExport; limiter: RateLimiter; audit: AuditLog; scopes: StaffScopes },
  ) {}

  /** The owner's own archive: the session names the camper, so nobody reaches another's data here. */
  async ownArchive(user: PublicUser): Promise<Archive> {
    const hits = await this.deps.limiter.hit(camperKey(user.id), HOUR_SECONDS);
    if (hits.count > EXPORT_LIMITS.perCamperPerHour) throw tooManyRequests(EXPORT_RATE_MESSAGE, hits.resetInSeconds);
    return { stream: await this.deps.exporter.archive(user.id), username: user.username };
  }

  /** Asked before the download link is offered: counts nothing. */
  async allowance(user: PublicUser): Promise<ExportAllowance> {
    const hits = await this.deps.limiter.peek(camperKey(user.id), HOUR_SECONDS);
    return { remaining: Math.max(0, EXPORT_LIMITS.perCamperPerHour - hits.count), resetInSeconds: hits.resetInSeconds };
  }

  /**
   * Staff, for a camper they reach (e.g. a parent's request by e-mail), with the password typed again just
   * before; every download is in the audit log. A camper of another cabin (for a counselor) is the same 404
   * as one that does not exist, asked before the password is: whether a camper is out of reach does not
   * depend on having typed it again.
   */
  async camperArchive(staff: PublicUser, passwordConfirmed: boolean, camperId: number): Promise<Archive> {
    const { exporter, limiter, audit, scopes } = this.deps;
    await scopes.assertCamper(staff, camperId, EXPORT_MESSAGES.camperNotFound);
    assertPasswordConfirmed(staff, passwordConfirmed);
    const camper = await exporter.camper(camperId);
    if (camper.role !== "camper") throw notFound(EXPORT_MESSAGES.camperNotFound);
    const hits = await limiter.hit(`export:staff:${staff.id}`, HOUR_SECONDS);
    if (hits.count > EXPORT_LIMITS.perStaffPerHour) throw tooManyRequests(EXPORT_RATE_MESSAGE, hits.resetInSeconds);
    await audit.record(staff, "exported_data", { camperUserId: camper.id, detail: `Downloaded ${camper.username}'s data` });
    return { stream: await exporter.archive(camper.id), username: camper.username };
  }
}
