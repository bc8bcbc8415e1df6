import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { musicLibrarySchema, MUSIC_MESSAGES } from "../../../contracts/music.ts";
import { requireUser } from "../../http/authenticate.ts";
import { notFound } from "../../http/errors.ts";
import { sendStoredMedia } from "../../http/media-response.ts";
import { listMusic, musicTrackFacts, musicTrackFile, musicTrackId } from "./music-library.ts";

/** The library's files read like stored media (keys are file paths), so Range answers come from one helper. */
const musicFiles = {
  size: async (file: string) => (await stat(file).catch(() => undefined))?.size,
  read: (file: string, range?: { start: number; end: number }) => createReadStream(file, range),
};

/** A year: the URL names the file's hash, so a new file gets a new URL. */
const FOR_GOOD = "private, max-age=31536000, immutable";

export const musicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/music", { schema: { response: { 200: musicLibrarySchema } } }, async (request) => {
    requireUser(request);
    return { tracks: listMusic() };
  });

  /** A track for the picker's preview (and any player): Range for seeking, cached when the URL carries its hash. */
  app.get(
    "/api/music/:id/audio",
    { schema: { params: z.object({ id: z.string() }), querystring: z.object({ v: z.string().optional() }) } },
    async (request, reply) => {
      requireUser(request);
      const id = musicTrackId(request.params.id);
      if (!id) throw notFound(MUSIC_MESSAGES.notFound);
      const cacheControl = request.query.v === musicTrackFacts(id).sha1 ? FOR_GOOD : "private, no-cache";
      return sendStoredMedia(request, reply, musicFiles, { key: musicTrackFile(id), mimeType: "audio/ogg", cacheControl });
    },
  );
};
