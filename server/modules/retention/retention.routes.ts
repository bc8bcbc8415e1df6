import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { retentionAnnouncementSchema, retentionRuleBodySchema, retentionRuleSchema, retentionStatusSchema } from "../../../contracts/retention.ts";
import type { FastifyRequest } from "fastify";
import { requireAdmin, requireConfirmedStaff, requireUser } from "../../http/authenticate.ts";
import type { Retention } from "./retention.ts";

/** The rule deletes every cabin's media: the director's alone (decision 027a), with the password typed again. */
function requireConfirmedAdmin(request: FastifyRequest) {
  requireAdmin(request);
  return requireConfirmedStaff(request);
}

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: Retention }> = async (app, { retention }) => {
  // Every signed-in camper may know when their media goes (Profile and Create show the date).
  app.get("/api/retention", { schema: { response: { 200: retentionStatusSchema } } }, async (request) => {
    requireUser(request);
    return retention.status();
  });

  // The director: the rule and exactly what housekeeping will delete under it (the same query it runs).
  app.get("/api/staff/retention", { schema: { response: { 200: retentionAnnouncementSchema } } }, async (request) => {
    requireAdmin(request);
    return retention.announcement();
  });

  // Setting or removing the rule decides whether every camper's media is deleted: the password again first.
  app.put("/api/staff/retention", { schema: { body: retentionRuleBodySchema, response: { 200: retentionRuleSchema } } }, async (request) =>
    retention.set(requireConfirmedAdmin(request), request.body),
  );

  app.delete("/api/staff/retention", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await retention.clear(requireConfirmedAdmin(request));
    return reply.code(204).send(null);
  });
};
