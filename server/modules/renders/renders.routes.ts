import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import {
  RENDER_MESSAGES,
  fitScriptBodySchema,
  fitScriptResponseSchema,
  renderJobSchema,
  startRenderBodySchema,
  storyLengthQuerySchema,
  storyLengthSchema,
} from "../../../contracts/renders.ts";
import { requireUser } from "../../http/authenticate.ts";
import { fileNameFrom, sendStoredMedia } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { RendersService } from "./renders.service.ts";
import type { StoryLengthService } from "./story-length.service.ts";

const renderParams = idParamsSchema("Render", RENDER_MESSAGES.notFound);

export const rendersRoutes: FastifyPluginAsyncZod<{ renders: RendersService; storyLength: StoryLengthService; storage: MediaStorage }> = async (
  app,
  { renders, storyLength, storage },
) => {
  app.get(
    "/api/recordings/:id/length",
    { schema: { params: showIdParamsSchema, querystring: storyLengthQuerySchema, response: { 200: storyLengthSchema } } },
    async (request) => storyLength.measure(requireUser(request).id, request.params.id, request.query.voice),
  );

  app.post(
    "/api/recordings/:id/fit-script",
    { schema: { params: showIdParamsSchema, body: fitScriptBodySchema, response: { 200: fitScriptResponseSchema } } },
    async (request) => storyLength.fitScript(requireUser(request).id, request.params.id, request.body?.voice),
  );

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
      const { key, title } = await renders.videoFile(requireUser(request).id, request.params.id);
      return sendStoredMedia(request, reply, storage, {
        key,
        mimeType: "video/mp4",
        downloadName: request.query.download ? fileNameFrom(title, "mp4", "summer-story") : undefined,
      });
    },
  );

  app.get("/api/renders/:id/captions.vtt", { schema: { params: renderParams } }, async (request, reply) => {
    const key = await renders.captionsFile(requireUser(request).id, request.params.id);
    return sendStoredMedia(request, reply, storage, { key, mimeType: "text/vtt; charset=utf-8" });
  });
};
