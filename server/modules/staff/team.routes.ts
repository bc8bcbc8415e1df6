import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { createStaffBodySchema, STAFF_TEAM_MESSAGES, staffAccountSchema, updateStaffBodySchema } from "../../../contracts/staff-team.ts";
import { requireAdmin, requireConfirmedStaff } from "../../http/authenticate.ts";
import type { StaffTeam } from "./team.service.ts";

const staffParams = idParamsSchema("Staff account", STAFF_TEAM_MESSAGES.notFound);

/** The director's staff page (/staff/team). Adding or removing staff, or a password, needs the password again. */
export const teamRoutes: FastifyPluginAsyncZod<{ team: StaffTeam }> = async (app, { team }) => {
  app.get("/api/staff/accounts", { schema: { summary: "The camp's staff", response: { 200: z.array(staffAccountSchema) } } }, async (request) =>
    team.list(requireAdmin(request)),
  );

  app.post(
    "/api/staff/accounts",
    { schema: { summary: "Add a staff member (password typed again first)", body: createStaffBodySchema, response: { 201: staffAccountSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      const made = await team.create(requireConfirmedStaff(request), request.body);
      return reply.code(201).send(made);
    },
  );

  app.patch(
    "/api/staff/accounts/:id",
    { schema: { summary: "Change a staff member's role, cabins or password", params: staffParams, body: updateStaffBodySchema, response: { 200: staffAccountSchema } } },
    async (request) => {
      const me = requireAdmin(request);
      return team.update(request.body.password !== undefined ? requireConfirmedStaff(request) : me, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/staff/accounts/:id",
    { schema: { summary: "Remove a staff member (password typed again first)", params: staffParams, response: { 204: z.null() } } },
    async (request, reply) => {
      requireAdmin(request);
      await team.remove(requireConfirmedStaff(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
