import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { showIdParamsSchema } from "../../../contracts/recordings.ts";
import { RENDER_MESSAGES, renderJobSchema, startRenderBodySchema } from "../../../contracts/renders.ts";
import { requireUser } from "../../http/authenticate.ts";
import { HttpError } from "../../http/errors.ts";
import { fileNameFrom, sendStoredMedia } from "../../http/media-response.ts";
import type { RendersService } from "./renders.service.ts";

const renderParams = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,8}$/, "Render id must be a whole number").transform(Number) });

export const rendersRoutes: FastifyPluginAsyncZod<{ renders: RendersService }> = async (app, { renders }) => {
  app.post(
    "/api/recordings/:id/renders",
    { schema: { params: showIdParamsSchema, body: startRenderBodySchema, response: { 200: renderJobSchema, 202: renderJobSchema } } },
    async (request, reply) => {
      const { job, reused } = await renders.start(requireUser(request).id, request.params.id, request.body ?? {});
      return reply.code(reused ? 200 : 202).send(job);
    },
  );

  app.get(
    "/api/recordings/:id/renders",
    { schema: { params: showIdParamsSchema, response: { 200: z.array(renderJobSchema) } } },
    async (request) => renders.listForShow(requireUser(request).id, request.params.id),
  );

  app.get("/api/renders/:id", { schema: { params: renderParams, response: { 200: renderJobSchema } } }, async (request) => {
    return (await renders.get(requireUser(request).id, request.params.id)).job;
  });

  app.get(
    "/api/renders/:id/media",
    { schema: { params: renderParams, querystring: z.strictObject({ download: z.enum(["1"]).optional() }) } },
    async (request, reply) => {
      const { row, title } = await renders.get(requireUser(request).id, request.params.id);
      if (row.status !== "done" || !row.outputKey) throw new HttpError(409, RENDER_MESSAGES.notReady);
      return sendStoredMedia(request, reply, renders.storage, {
        key: row.outputKey,
        mimeType: "video/mp4",
        downloadName: request.query.download ? fileNameFrom(title, "mp4", "summer-story") : undefined,
      });
    },
  );

  app.get("/api/renders/:id/captions.vtt", { schema: { params: renderParams } }, async (request, reply) => {
    const { row } = await renders.get(requireUser(request).id, request.params.id);
    if (row.status !== "done" || !row.captionsKey) throw new HttpError(404, "This video has no captions");
    return sendStoredMedia(request, reply, renders.storage, { key: row.captionsKey, mimeType: "text/vtt; charset=utf-8" });
  });
};
