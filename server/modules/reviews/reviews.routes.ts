import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import {
  REVIEW_MESSAGES,
  auditEntrySchema,
  auditQuerySchema,
  showReviewSchema,
  staffDecisionBodySchema,
  staffShowDetailSchema,
  staffShowItemSchema,
  staffShowsQuerySchema,
  submitReviewBodySchema,
} from "../../../contracts/reviews.ts";
import { requireStaff, requireUser } from "../../http/authenticate.ts";
import { notFound } from "../../http/errors.ts";
import { sendStoredMedia } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { ensureRenderPoster } from "../../media/render-poster.ts";
import type { VideoToolPaths } from "../../media/video-tools.ts";
import type { ReviewsService } from "./reviews.service.ts";

const renderParams = idParamsSchema("Render", REVIEW_MESSAGES.renderNotFound);

/** The camper's side: read and submit their own show's review. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    "/api/recordings/:id/review",
    { schema: { params: showIdParamsSchema, response: { 200: showReviewSchema } } },
    async (request) => reviews.forOwner(requireUser(request).id, request.params.id),
  );

  app.post(
    "/api/recordings/:id/review",
    { schema: { params: showIdParamsSchema, body: submitReviewBodySchema, response: { 200: showReviewSchema } } },
    async (request) => reviews.submit(requireUser(request).id, request.params.id, request.body?.message),
  );
};

/** Staff only: the shows of the campers they reach, the review decision, the videos and the audit log. */
export const staffRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; storage: MediaStorage; videoTools: VideoToolPaths }> = async (
  app,
  { reviews, storage, videoTools },
) => {
  app.get(
    "/api/staff/shows",
    { schema: { querystring: staffShowsQuerySchema, response: { 200: z.array(staffShowItemSchema) } } },
    async (request) => reviews.listForStaff(requireStaff(request), request.query),
  );

  app.get(
    "/api/staff/shows/:id",
    { schema: { params: showIdParamsSchema, response: { 200: staffShowDetailSchema } } },
    async (request) => reviews.detailForStaff(requireStaff(request), request.params.id),
  );

  app.post(
    "/api/staff/shows/:id/review",
    { schema: { params: showIdParamsSchema, body: staffDecisionBodySchema, response: { 200: showReviewSchema } } },
    async (request) => reviews.decide(requireStaff(request), request.params.id, request.body),
  );

  app.get("/api/staff/renders/:id/media", { schema: { params: renderParams } }, async (request, reply) => {
    const staff = requireStaff(request);
    // A viewing starts where a player asks for the first bytes: no Range, or one from byte 0 (not a seek).
    const range = request.headers.range;
    const startsViewing = request.method === "GET" && (range === undefined || /^bytes=0-/.test(range));
    const row = await reviews.watchForStaff(staff, request.params.id, startsViewing);
    return sendStoredMedia(request, reply, storage, { key: row.outputKey!, mimeType: "video/mp4" });
  });

  // A thumbnail for lists such as the reel picker: scoped like the video, but not a viewing (no audit entry).
  app.get("/api/staff/renders/:id/poster", { schema: { summary: "A still picture of a camper's finished video (JPEG)", params: renderParams } }, async (request, reply) => {
    const row = await reviews.renderForStaff(requireStaff(request), request.params.id);
    const key = await ensureRenderPoster(storage, videoTools, { outputKey: row.outputKey!, durationSeconds: row.durationSeconds });
    if (!key) throw notFound(REVIEW_MESSAGES.noPoster);
    return sendStoredMedia(request, reply, storage, { key, mimeType: "image/jpeg", cacheControl: "private, max-age=3600" });
  });

  app.get("/api/staff/renders/:id/captions.vtt", { schema: { params: renderParams } }, async (request, reply) => {
    // The captions are the video's words: reading them opens the video too.
    const row = await reviews.watchForStaff(requireStaff(request), request.params.id, request.method === "GET");
    if (!row.captionsKey) throw notFound("This video has no captions");
    return sendStoredMedia(request, reply, storage, { key: row.captionsKey, mimeType: "text/vtt; charset=utf-8" });
  });

  app.get(
    "/api/staff/audit",
    { schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } } },
    // The director reads every entry; a counselor the entries about their own campers (decision 027a).
    async (request) => reviews.auditEntries(requireStaff(request), request.query.limit ?? 200),
  );
};
