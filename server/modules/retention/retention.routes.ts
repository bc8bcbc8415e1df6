import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { retentionAnnouncementSchema, retentionRuleBodySchema, retentionRuleSchema, retentionStatusSchema } from "../../../contracts/retention.ts";
import { requireConfirmedStaff, requireStaff, requireUser } from "../../http/authenticate.ts";
import type { Retention } from "./retention.ts";

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: Retention }> = async (app, { retention }) => {
  // Every signed-in camper may know when their media goes (Profile and Create show the date).
  app.get("/api/retention", { schema: { response: { 200: retentionStatusSchema } } }, async (request) => {
    requireUser(request);
    return retention.status();
  });

  // Staff: the rule and exactly what housekeeping will delete under it (the same query it runs).
  app.get("/api/staff/retention", { schema: { response: { 200: retentionAnnouncementSchema } } }, async (request) => {
    requireStaff(request);
    return retention.announcement();
  });

  // Setting or removing the rule decides whether every camper's media is deleted: the password again first.
  app.put("/api/staff/retention", { schema: { body: retentionRuleBodySchema, response: { 200: retentionRuleSchema } } }, async (request) =>
    retention.set(requireConfirmedStaff(request), request.body),
  );

  app.delete("/api/staff/retention", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await retention.clear(requireConfirmedStaff(request));
    return reply.code(204).send(null);
  });
};
