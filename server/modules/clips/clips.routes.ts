import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clipIdParamsSchema,
  clipSchema,
  listClipsQuerySchema,
  setShowClipsBodySchema,
  updateClipBodySchema,
} from "../../../contracts/clips.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import { requireUser } from "../../http/authenticate.ts";
import { fileNameFrom, sendStoredMedia } from "../../http/media-response.ts";
import { toClip } from "./clips.repository.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { ClipCaptionsService } from "./clip-captions.service.ts";
import type { ClipsService } from "./clips.service.ts";

/** A downloaded clip's file name ends as its content is: a photo is always a JPEG (photos are re-encoded on upload). */
const DOWNLOAD_EXTENSIONS: Record<string, string> = { "video/mp4": "mp4", "video/webm": "webm", "image/jpeg": "jpg" };

export const clipsRoutes: FastifyPluginAsyncZod<{ clips: ClipsService; captions: ClipCaptionsService; storage: MediaStorage }> = async (
  app,
  { clips, captions, storage },
) => {
  /**
   * The sentences of the show's script the camper says in this clip, timed on the clip (its player's
   * track). A clip that has none answers 204: that is an answer, not a failure (a 404 would be logged
   * as an error in every camper's console for each take that says other lines).
   */
  app.get("/api/clips/:id/captions.vtt", { schema: { params: clipIdParamsSchema } }, async (request, reply) => {
    const vtt = await captions.webVtt(requireUser(request).id, request.params.id);
    reply.header("cache-control", "private, no-cache");
    if (vtt === null) return reply.code(204).send();
    return reply.type("text/vtt; charset=utf-8").send(vtt);
  });

  app.get(
    "/api/clips",
    { schema: { querystring: listClipsQuerySchema, response: { 200: z.array(clipSchema) } } },
    async (request) => clips.list(requireUser(request).id, request.query),
  );

  app.get(
    "/api/clips/:id",
    { schema: { params: clipIdParamsSchema, response: { 200: clipSchema } } },
    async (request) => toClip(await clips.get(requireUser(request).id, request.params.id)),
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

  /** The clip's still picture (made when it was saved), for its player's poster. */
  app.get("/api/clips/:id/poster", { schema: { params: clipIdParamsSchema } }, async (request, reply) => {
    const key = await clips.poster(requireUser(request).id, request.params.id);
    return sendStoredMedia(request, reply, storage, { key, mimeType: "image/jpeg" });
  });

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
      return sendStoredMedia(request, reply, storage, {
        key: clip.storageKey,
        mimeType: clip.mimeType,
        downloadName: request.query.download ? fileNameFrom(clip.title, DOWNLOAD_EXTENSIONS[clip.mimeType] ?? "webm", "clip") : undefined,
      });
    },
  );
};
