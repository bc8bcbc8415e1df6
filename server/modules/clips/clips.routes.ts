import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clipIdParamsSchema,
  clipSchema,
  listClipsQuerySchema,
  setShowClipsBodySchema,
  updateClipBodySchema,
} from "../../../contracts/clips.ts";
import { showIdParamsSchema } from "../../../contracts/recordings.ts";
import { requireUser } from "../../http/authenticate.ts";
import { parseByteRange } from "../../http/byte-range.ts";
import type { ClipsService } from "./clips.service.ts";

/** A download name a camper recognises, safe in a header, with the real extension. */
function downloadName(title: string, mimeType: string): string {
  const base = title.normalize("NFKD").replace(/[^\w .-]+/g, "").trim().replace(/\s+/g, "-").slice(0, 80) || "clip";
  return `${base}.${mimeType === "video/mp4" ? "mp4" : "webm"}`;
}

export const clipsRoutes: FastifyPluginAsyncZod<{ clips: ClipsService }> = async (app, { clips }) => {
  app.get(
    "/api/clips",
    { schema: { querystring: listClipsQuerySchema, response: { 200: z.array(clipSchema) } } },
    async (request) => clips.list(requireUser(request).id, request.query),
  );

  app.patch(
    "/api/clips/:id",
    { schema: { params: clipIdParamsSchema, body: updateClipBodySchema, response: { 200: clipSchema } } },
    async (request) => clips.update(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/clips/:id",
    { schema: { params: clipIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await clips.delete(requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/api/recordings/:id/clips",
    { schema: { params: showIdParamsSchema, body: setShowClipsBodySchema, response: { 200: z.array(clipSchema) } } },
    async (request) => clips.setShowClips(requireUser(request).id, request.params.id, request.body.clipIds),
  );

  app.get(
    "/api/clips/:id/media",
    {
      schema: {
        params: clipIdParamsSchema,
        querystring: z.strictObject({ download: z.enum(["1"]).optional() }),
      },
    },
    async (request, reply) => {
      const clip = await clips.get(requireUser(request).id, request.params.id);
      const size = (await clips.storage.size(clip.storageKey)) ?? 0;
      reply.header("accept-ranges", "bytes").header("cache-control", "private, no-cache");
      if (request.query.download) {
        const name = downloadName(clip.title, clip.mimeType);
        reply.header("content-disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      const range = parseByteRange(request.headers.range, size);
      if (range === "unsatisfiable") {
        return reply.code(416).header("content-range", `bytes */${size}`).send({ message: "That byte range is not in this clip" });
      }
      reply.header("content-type", clip.mimeType);
      if (range) {
        reply
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
          .header("content-length", range.end - range.start + 1);
        return reply.send(clips.storage.read(clip.storageKey, range));
      }
      reply.header("content-length", size);
      return reply.send(clips.storage.read(clip.storageKey));
    },
  );
};
