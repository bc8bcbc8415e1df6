import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppInfo } from "../../../contracts/app-info.ts";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import { SHARE_MESSAGES, createShareBodySchema, createdShareSchema, shareLinkSchema, sharePath, showSharesSchema } from "../../../contracts/shares.ts";
import { requireStaff, requireUser } from "../../http/authenticate.ts";
import { sendStoredMedia } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { ShareLookup, SharesService } from "./shares.service.ts";
import { WATCH_PAGE_POLICY, unavailablePageHtml, watchPageHtml } from "./watch-page.ts";

const shareParams = idParamsSchema("Share link", SHARE_MESSAGES.shareNotFound);

/** The camper's links for their own show, and staff's for the shows of campers they reach (audited). */
export const sharesRoutes: FastifyPluginAsyncZod<{ shares: SharesService }> = async (app, { shares }) => {
  app.get(
    "/api/recordings/:id/shares",
    { schema: { params: showIdParamsSchema, response: { 200: showSharesSchema } } },
    async (request) => shares.listForOwner(requireUser(request).id, request.params.id),
  );
  app.post(
    "/api/recordings/:id/shares",
    { schema: { params: showIdParamsSchema, body: createShareBodySchema, response: { 201: createdShareSchema } } },
    async (request, reply) => reply.code(201).send(await shares.createForOwner(requireUser(request), request.params.id, request.body?.days)),
  );
  app.delete(
    "/api/shares/:id",
    { schema: { params: shareParams, response: { 200: shareLinkSchema } } },
    async (request) => shares.revokeForOwner(requireUser(request).id, request.params.id),
  );
  app.get(
    "/api/staff/shows/:id/shares",
    { schema: { params: showIdParamsSchema, response: { 200: showSharesSchema } } },
    async (request) => shares.listForStaff(requireStaff(request), request.params.id),
  );
  app.post(
    "/api/staff/shows/:id/shares",
    { schema: { params: showIdParamsSchema, body: createShareBodySchema, response: { 201: createdShareSchema } } },
    async (request, reply) => reply.code(201).send(await shares.createForStaff(requireStaff(request), request.params.id, request.body?.days)),
  );
  app.delete(
    "/api/staff/shares/:id",
    { schema: { params: shareParams, response: { 200: shareLinkSchema } } },
    async (request) => shares.revokeForStaff(requireStaff(request), request.params.id),
  );
};

/** A path segment, not validated here: the service treats anything that is not a token as ended. */
const tokenParams = z.object({ token: z.string() });

/**
 * The public side, outside /api and the client app: /s/{token} is a small page rendered here (so a dead
 * link is a real 404), /s/{token}/media and /s/{token}/captions.vtt its video. Nothing else answers a
 * token. Every lookup counts against the caller's address.
 */
export const watchRoutes: FastifyPluginAsyncZod<{ shares: SharesService; storage: MediaStorage; info: AppInfo }> = async (
  app,
  { shares, storage, info },
) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("x-robots-tag", "noindex, nofollow");
  });

  /** The link behind the token, or null when the caller asked too often (the reply is then sent). */
  async function lookUp(request: FastifyRequest, reply: FastifyReply, token: string, asPage: boolean): Promise<ShareLookup | null> {
    const found = await shares.lookupFrom(request.ip, token);
    if (found.kind !== "too-many") return found;
    reply.code(429).header("retry-after", Math.max(1, Math.ceil(found.resetInSeconds)));
    if (asPage) sendPage(reply, unavailablePageHtml(info, "Please wait a minute", SHARE_MESSAGES.tooManyLookups));
    else reply.send({ message: SHARE_MESSAGES.tooManyLookups });
    return null;
  }

  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header("cache-control", "no-store").header("content-security-policy", WATCH_PAGE_POLICY).type("text/html; charset=utf-8").send(html);

  const deadPage = (reply: FastifyReply, found: Exclude<ShareLookup, { kind: "live" }>) =>
    sendPage(
      reply.code(404),
      found.kind === "ended"
        ? unavailablePageHtml(info, SHARE_MESSAGES.noLongerShared, "The link has expired or was turned off. Ask the camper for a new one.")
        : unavailablePageHtml(info, SHARE_MESSAGES.notAvailable, "Camp staff are checking a new version of this video. Try again later."),
    );

  app.get("/s/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await lookUp(request, reply, request.params.token, true);
    if (!found) return reply;
    if (found.kind !== "live") return deadPage(reply, found);
    // A view is a page opened with GET (HEAD and the player's range requests are not views).
    if (request.method === "GET") await shares.countView(found.share);
    const base = sharePath(request.params.token);
    return sendPage(
      reply,
      watchPageHtml(info, {
        title: found.title,
        mediaPath: `${base}/media`,
        captionsPath: found.video.captionsKey ? `${base}/captions.vtt` : null,
      }),
    );
  });

  app.get("/s/:token/media", { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await lookUp(request, reply, request.params.token, false);
    if (!found) return reply;
    if (found.kind !== "live") return reply.code(404).send({ message: SHARE_MESSAGES.noLongerShared });
    return sendStoredMedia(request, reply, storage, { key: found.video.outputKey!, mimeType: "video/mp4" });
  });

  app.get("/s/:token/captions.vtt", { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await lookUp(request, reply, request.params.token, false);
    if (!found) return reply;
    if (found.kind !== "live" || !found.video.captionsKey) return reply.code(404).send({ message: SHARE_MESSAGES.noLongerShared });
    return sendStoredMedia(request, reply, storage, { key: found.video.captionsKey, mimeType: "text/vtt; charset=utf-8" });
  });

  // Any other path under /s/ is not part of a share: the same dead end, never the app.
  app.get("/s/*", async (_request, reply) => deadPage(reply, { kind: "ended" }));
};
