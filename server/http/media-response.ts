import type { FastifyReply, FastifyRequest } from "fastify";
import type { MediaStorage } from "../media/media-storage.ts";
import { parseByteRange } from "./byte-range.ts";

/**
 * Sends a stored media object with single-range HTTP Range support (206/416), so players can seek.
 * `downloadName` adds Content-Disposition: attachment.
 */
export async function sendStoredMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  // Only these two are read, so a folder of the app's own files (the music library) can be served too.
  storage: Pick<MediaStorage, "size" | "read">,
  // cacheControl: a picture that never changes (a render's poster) may be kept by the browser a while.
  media: { key: string; mimeType: string; downloadName?: string; cacheControl?: string },
) {
  const size = (await storage.size(media.key)) ?? 0;
  reply.header("accept-ranges", "bytes").header("cache-control", media.cacheControl ?? "private, no-cache");
  if (media.downloadName) {
    const name = media.downloadName;
    const ascii = name.replace(/[^\x20-\x7e]|"/g, "_");
    reply.header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  const range = parseByteRange(request.headers.range, size);
  if (range === "unsatisfiable") {
    return reply.code(416).header("content-range", `bytes */${size}`).send({ message: "That byte range is not in this file" });
  }
  reply.header("content-type", media.mimeType);
  if (range) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
      .header("content-length", range.end - range.start + 1);
    return reply.send(storage.read(media.key, range));
  }
  reply.header("content-length", size);
  return reply.send(storage.read(media.key));
}

/** A download name a camper recognises: the title, safe characters, the real extension. */
export function fileNameFrom(title: string, extension: string, fallback: string): string {
  const base = title.normalize("NFKD").replace(/[^\w .-]+/g, "").trim().replace(/\s+/g, "-").slice(0, 80) || fallback;
  return `${base}.${extension}`;
}
