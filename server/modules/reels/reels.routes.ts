import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import {
  REEL_MESSAGES,
  createReelBodySchema,
  reelCandidateSchema,
  reelCandidatesQuerySchema,
  reelChoicesSchema,
  reelSchema,
  reelSharesSchema,
} from "../../../contracts/reels.ts";
import { SHARE_MESSAGES, createShareBodySchema, createdShareSchema, shareLinkSchema } from "../../../contracts/shares.ts";
import { requireStaff } from "../../http/authenticate.ts";
import { notFound } from "../../http/errors.ts";
import { fileNameFrom, sendStoredMedia } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { CabinZip } from "./cabin-zip.ts";
import type { ReelsService } from "./reels.service.ts";

const reelParams = idParamsSchema("Reel", REEL_MESSAGES.notFound);
const reelShareParams = z.object({ id: idParamsSchema("Reel", REEL_MESSAGES.notFound).shape.id, shareId: idParamsSchema("Share link", SHARE_MESSAGES.shareNotFound).shape.id });
const cabinParams = idParamsSchema("Cabin", REEL_MESSAGES.cabinNotFound);

/** Cabin reels and the closing-night zip (contracts/reels.ts): staff only, every one scoped in the service. */
export const reelsRoutes: FastifyPluginAsyncZod<{ reels: ReelsService; cabinZip: CabinZip; storage: MediaStorage }> = async (
  app,
  { reels, cabinZip, storage },
) => {
  app.get("/api/staff/reels/choices", { schema: { response: { 200: reelChoicesSchema } } }, async (request) => reels.choices(requireStaff(request)));

  app.get(
    "/api/staff/reels/candidates",
    { schema: { querystring: reelCandidatesQuerySchema, response: { 200: z.array(reelCandidateSchema) } } },
    async (request) => reels.candidates(requireStaff(request), request.query),
  );

  app.post("/api/staff/reels", { schema: { body: createReelBodySchema, response: { 202: reelSchema } } }, async (request, reply) =>
    reply.code(202).send(await reels.create(requireStaff(request), request.body)),
  );

  app.get("/api/staff/reels", { schema: { response: { 200: z.array(reelSchema) } } }, async (request) => reels.list(requireStaff(request)));

  app.get("/api/staff/reels/:id", { schema: { params: reelParams, response: { 200: reelSchema } } }, async (request) =>
    reels.get(requireStaff(request), request.params.id),
  );

  app.get(
    "/api/staff/reels/:id/media",
    { schema: { params: reelParams, querystring: z.strictObject({ download: z.enum(["1"]).optional() }) } },
    async (request, reply) => {
      const files = await reels.files(requireStaff(request), request.params.id);
      return sendStoredMedia(request, reply, storage, {
        key: files.outputKey,
        mimeType: "video/mp4",
        downloadName: request.query.download ? fileNameFrom(files.title, "mp4", "cabin-reel") : undefined,
      });
    },
  );

  app.get("/api/staff/reels/:id/captions.vtt", { schema: { params: reelParams } }, async (request, reply) => {
    const files = await reels.files(requireStaff(request), request.params.id);
    if (!files.captionsKey) throw notFound(REEL_MESSAGES.noCaptions);
    return sendStoredMedia(request, reply, storage, { key: files.captionsKey, mimeType: "text/vtt; charset=utf-8" });
  });

  app.delete("/api/staff/reels/:id", { schema: { params: reelParams } }, async (request, reply) => {
    await reels.delete(requireStaff(request), request.params.id);
    return reply.code(204).send();
  });

  app.get("/api/staff/reels/:id/shares", { schema: { params: reelParams, response: { 200: reelSharesSchema } } }, async (request) => ({
    links: await reels.listShares(requireStaff(request), request.params.id),
  }));

  app.post(
    "/api/staff/reels/:id/shares",
    { schema: { params: reelParams, body: createShareBodySchema, response: { 201: createdShareSchema } } },
    async (request, reply) => reply.code(201).send(await reels.share(requireStaff(request), request.params.id, request.body?.days)),
  );

  app.delete("/api/staff/reels/:id/shares/:shareId", { schema: { params: reelShareParams, response: { 200: shareLinkSchema } } }, async (request) =>
    reels.revokeShare(requireStaff(request), request.params.id, request.params.shareId),
  );

  app.get("/api/staff/cabins/:id/approved.zip", { schema: { params: cabinParams } }, async (request, reply) => {
    const { fileName, stream } = await cabinZip.archive(requireStaff(request), request.params.id);
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(stream);
  });
};
