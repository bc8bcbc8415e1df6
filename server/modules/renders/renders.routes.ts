import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { showIdParamsSchema } from "../../../contracts/recordings.ts";
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
import { HttpError, conflict, notFound } from "../../http/errors.ts";
import { AiError } from "../../ai/ai-writer.ts";
import { fileNameFrom, sendStoredMedia } from "../../http/media-response.ts";
import type { RendersService } from "./renders.service.ts";
import type { StoryLengthService } from "./story-length.service.ts";

const renderParams = idParamsSchema("Render", RENDER_MESSAGES.notFound);

export const rendersRoutes: FastifyPluginAsyncZod<{ renders: RendersService; storyLength: StoryLengthService }> = async (
  app,
  { renders, storyLength },
) => {
  app.get(
    "/api/recordings/:id/length",
    { schema: { params: showIdParamsSchema, querystring: storyLengthQuerySchema, response: { 200: storyLengthSchema } } },
    async (request) => storyLength.measure(requireUser(request).id, request.params.id, request.query.voice),
  );

  app.post(
    "/api/recordings/:id/fit-script",
    { schema: { params: showIdParamsSchema, body: fitScriptBodySchema, response: { 200: fitScriptResponseSchema } } },
    async (request) => {
      try {
        return await storyLength.fitScript(requireUser(request).id, request.params.id, request.body?.voice);
      } catch (error) {
        if (error instanceof AiError) throw new HttpError(error.statusCode, error.message, {}, error.errorCode);
        throw error;
      }
    },
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
      const { row, title } = await renders.get(requireUser(request).id, request.params.id);
      if (row.status !== "done" || !row.outputKey) throw conflict(RENDER_MESSAGES.notReady);
      return sendStoredMedia(request, reply, renders.storage, {
        key: row.outputKey,
        mimeType: "video/mp4",
        downloadName: request.query.download ? fileNameFrom(title, "mp4", "summer-story") : undefined,
      });
    },
  );

  app.get("/api/renders/:id/captions.vtt", { schema: { params: renderParams } }, async (request, reply) => {
    const { row } = await renders.get(requireUser(request).id, request.params.id);
    if (row.status !== "done" || !row.captionsKey) throw notFound("This video has no captions");
    return sendStoredMedia(request, reply, renders.storage, { key: row.captionsKey, mimeType: "text/vtt; charset=utf-8" });
  });
};
