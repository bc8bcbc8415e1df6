import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EXPORT_LIMITS, EXPORT_RATE_MESSAGE, exportAllowanceSchema } from "../../../contracts/data-export.ts";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { requireConfirmedStaff, requireStaff, requireUser } from "../../http/authenticate.ts";
import { notFound, tooManyRequests } from "../../http/errors.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import { EXPORT_MESSAGES, type DataExport } from "./data-export.ts";


const camperKey = (userId: number) => `export:user:${userId}`;

const camperParams = idParamsSchema("Camper", EXPORT_MESSAGES.camperNotFound);

async function sendArchive(reply: FastifyReply, exporter: DataExport, userId: number, username: string) {
  const stream = await exporter.archive(userId);
  const day = new Date().toISOString().slice(0, 10);
  const name = `summer-stories-${username.replace(/[^a-z0-9_-]/gi, "_")}-${day}.zip`;
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(stream);
}

export const exportRoutes: FastifyPluginAsyncZod<{ exporter: DataExport; limiter: RateLimiter; audit: AuditLog; scopes: StaffScopes }> = async (
  app,
  { exporter, limiter, audit, scopes },
) => {
  // The owner's own archive: the session names the camper, so nobody reaches another's data here.
  app.get("/api/user/export", async (request, reply) => {
    const user = requireUser(request);
    const hits = await limiter.hit(camperKey(user.id), 3600);
    if (hits.count > EXPORT_LIMITS.perCamperPerHour) throw tooManyRequests(EXPORT_RATE_MESSAGE, hits.resetInSeconds);
    return sendArchive(reply, exporter, user.id, user.username);
  });

  // Asked before the download link is offered: counts nothing.
  app.get("/api/user/export/allowance", { schema: { response: { 200: exportAllowanceSchema } } }, async (request) => {
    const hits = await limiter.peek(camperKey(requireUser(request).id), 3600);
    return { remaining: Math.max(0, EXPORT_LIMITS.perCamperPerHour - hits.count), resetInSeconds: hits.resetInSeconds };
  });

  // Staff, for a camper they reach (e.g. a parent's request by e-mail), with the password typed again just
  // before (POST /api/staff/reauth: a download link carries no body); every download is in the audit log.
  app.get("/api/staff/campers/:id/export", { schema: { params: camperParams } }, async (request, reply) => {
    // A camper of another cabin (for a counselor) is the same 404 as one that does not exist, asked before
    // the password is: whether a camper is out of reach does not depend on having typed it again.
    await scopes.assertCamper(requireStaff(request), request.params.id, EXPORT_MESSAGES.camperNotFound);
    const staff = requireConfirmedStaff(request);
    const camper = await exporter.camper(request.params.id);
    if (camper.role !== "camper") throw notFound(EXPORT_MESSAGES.camperNotFound);
    const hits = await limiter.hit(`export:staff:${staff.id}`, 3600);
    if (hits.count > EXPORT_LIMITS.perStaffPerHour) throw tooManyRequests(EXPORT_RATE_MESSAGE, hits.resetInSeconds);
    await audit.record(staff, "exported_data", { camperUserId: camper.id, detail: `Downloaded ${camper.username}'s data` });
    return sendArchive(reply, exporter, camper.id, camper.username);
  });
};
