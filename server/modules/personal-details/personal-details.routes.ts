import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { keepPersonalDetailBodySchema, personalDetailsCheckSchema } from "../../../contracts/personal-details.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import { requireUser } from "../../http/authenticate.ts";
import type { PersonalDetailsService } from "./personal-details.service.ts";

/** The camper's own show only: the check, and keeping a false alarm ("It's OK to share") or taking it back. */
export const personalDetailsRoutes: FastifyPluginAsyncZod<{ personalDetails: PersonalDetailsService }> = async (app, { personalDetails }) => {
  app.get(
    "/api/recordings/:id/personal-details",
    { schema: { params: showIdParamsSchema, response: { 200: personalDetailsCheckSchema } } },
    async (request) => personalDetails.forOwner(requireUser(request).id, request.params.id),
  );

  app.post(
    "/api/recordings/:id/personal-details/keep",
    { schema: { params: showIdParamsSchema, body: keepPersonalDetailBodySchema, response: { 200: personalDetailsCheckSchema } } },
    async (request) => personalDetails.keep(requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/api/recordings/:id/personal-details/unkeep",
    { schema: { params: showIdParamsSchema, body: keepPersonalDetailBodySchema, response: { 200: personalDetailsCheckSchema } } },
    async (request) => personalDetails.unkeep(requireUser(request).id, request.params.id, request.body),
  );
};
