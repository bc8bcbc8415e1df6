import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportAllowanceSchema } from "../../../contracts/data-export.ts";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { requireStaff, requireUser } from "../../http/authenticate.ts";
import { EXPORT_MESSAGES } from "./data-export.ts";
import type { Archive, ExportService } from "./export.service.ts";

const camperParams = idParamsSchema("Camper", EXPORT_MESSAGES.camperNotFound);

function sendArchive(reply: FastifyReply, { stream, username }: Archive) {
  const day = new Date().toISOString().slice(0, 10);
  const name = `summer-stories-${username.replace(/[^a-z0-9_-]/gi, "_")}-${day}.zip`;
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(stream);
}

export const exportRoutes: FastifyPluginAsyncZod<{ archives: ExportService }> = async (app, { archives }) => {
  app.get("/api/user/export", async (request, reply) => sendArchive(reply, await archives.ownArchive(requireUser(request))));

  app.get("/api/user/export/allowance", { schema: { response: { 200: exportAllowanceSchema } } }, async (request) =>
    archives.allowance(requireUser(request)),
  );

  // A download link carries no body: the password is typed again just before, with POST /api/staff/reauth.
  app.get("/api/staff/campers/:id/export", { schema: { params: camperParams } }, async (request, reply) =>
    sendArchive(reply, await archives.camperArchive(requireStaff(request), request.passwordConfirmed, request.params.id)),
  );
};
