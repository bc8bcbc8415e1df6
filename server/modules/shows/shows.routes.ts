import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  NEXT_CURSOR_HEADER,
  createShowBodySchema,
  listShowsQuerySchema,
  showIdParamsSchema,
  showSchema,
  updateShowBodySchema,
} from "../../../contracts/shows.ts";
import { requireUser } from "../../http/authenticate.ts";
import type { ShowsService } from "./shows.service.ts";

export const showsRoutes: FastifyPluginAsyncZod<{ shows: ShowsService }> = async (app, { shows }) => {
  app.get(
    "/api/recordings",
    { schema: { querystring: listShowsQuerySchema, response: { 200: z.array(showSchema) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { shows: page, nextCursor } = await shows.list(user.id, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return page;
    },
  );

  app.get(
    "/api/recordings/:id",
    { schema: { params: showIdParamsSchema, response: { 200: showSchema } } },
    async (request) => shows.get(requireUser(request).id, request.params.id),
  );

  app.post(
    "/api/narrations",
    { schema: { body: createShowBodySchema, response: { 201: showSchema } } },
    async (request, reply) => {
      const show = await shows.create(requireUser(request).id, request.body);
      return reply.code(201).send(show);
    },
  );

  app.patch(
    "/api/recordings/:id",
    { schema: { params: showIdParamsSchema, body: updateShowBodySchema, response: { 200: showSchema } } },
    async (request) => shows.update(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/recordings/:id",
    { schema: { params: showIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await shows.delete(requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
