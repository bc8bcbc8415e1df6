import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import { shotListSchema, shotParamsSchema, splitShotBodySchema, updateShotBodySchema } from "../../../contracts/shots.ts";
import { requireUser } from "../../http/authenticate.ts";
import type { ShotsService } from "./shots.service.ts";

/** The shot list of a show (contracts/shots.ts); every answer is the whole list as it now is. */
export const shotsRoutes: FastifyPluginAsyncZod<{ shots: ShotsService }> = async (app, { shots }) => {
  app.get(
    "/api/recordings/:id/shots",
    { schema: { params: showIdParamsSchema, response: { 200: shotListSchema } } },
    async (request) => shots.list(requireUser(request).id, request.params.id),
  );

  app.patch(
    "/api/recordings/:id/shots/:shotId",
    { schema: { params: shotParamsSchema, body: updateShotBodySchema, response: { 200: shotListSchema } } },
    async (request) => shots.update(requireUser(request).id, request.params.id, request.params.shotId, request.body),
  );

  app.post(
    "/api/recordings/:id/shots/:shotId/split",
    { schema: { params: shotParamsSchema, body: splitShotBodySchema, response: { 200: shotListSchema } } },
    async (request) => shots.split(requireUser(request).id, request.params.id, request.params.shotId, request.body.beforeSentence),
  );

  app.post(
    "/api/recordings/:id/shots/:shotId/merge",
    { schema: { params: shotParamsSchema, response: { 200: shotListSchema } } },
    async (request) => shots.merge(requireUser(request).id, request.params.id, request.params.shotId),
  );
};
