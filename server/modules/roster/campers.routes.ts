import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import {
  CAMP_SESSION_MESSAGES,
  CAMPER_MESSAGES,
  cabinSchema,
  campSessionSchema,
  placeCamperBodySchema,
  staffCamperSchema,
  staffCampersQuerySchema,
} from "../../../contracts/roster.ts";
import { requireAdmin, requireStaff } from "../../http/authenticate.ts";
import type { CampSessions } from "./camp-sessions.service.ts";
import type { CampersService } from "./campers.service.ts";

const camperParams = idParamsSchema("Camper", CAMPER_MESSAGES.notFound);
const sessionParams = idParamsSchema("Camp session", CAMP_SESSION_MESSAGES.notFound);

/** Campers, cabins and camp sessions as staff see them (a counselor: their own cabins only). */
export const campersRoutes: FastifyPluginAsyncZod<{ campers: CampersService; sessions: CampSessions }> = async (app, { campers, sessions }) => {
  app.get(
    "/api/staff/campers",
    { schema: { summary: "Campers in the caller's cabins (the director: every camper)", querystring: staffCampersQuerySchema, response: { 200: z.array(staffCamperSchema) } } },
    async (request) => campers.list(requireStaff(request), request.query),
  );

  app.patch(
    "/api/staff/campers/:id",
    { schema: { summary: "Place a camper in a cabin and session, or set their media release", params: camperParams, body: placeCamperBodySchema, response: { 200: staffCamperSchema } } },
    async (request) => campers.place(requireStaff(request), request.params.id, request.body),
  );

  app.get("/api/staff/cabins", { schema: { summary: "Cabins (a counselor: their own)", response: { 200: z.array(cabinSchema) } } }, async (request) =>
    campers.cabins(requireStaff(request)),
  );

  app.get("/api/staff/camp-sessions", { schema: { summary: "Camp sessions", response: { 200: z.array(campSessionSchema) } } }, async (request) =>
    sessions.list(requireStaff(request)),
  );

  app.delete(
    "/api/staff/camp-sessions/:id",
    {
      schema: {
        summary: "Mark a camp session for deletion: its campers' accounts and data go when the retention rule's moment passes",
        params: sessionParams,
        response: { 200: campSessionSchema },
      },
    },
    async (request) => sessions.requestDeletion(requireAdmin(request), request.params.id),
  );
};
