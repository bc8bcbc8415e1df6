import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLIP_LIMITS, TUS_VERSION, UPLOAD_BEGUN, UPLOAD_CLIP_ID_HEADER, UPLOAD_DRAFT_KEY_METADATA, clipSchema, parseBegunMsAgo } from "../../../contracts/clips.ts";
import { draftKeySchema } from "../../../contracts/shows.ts";
import { ID_MAX, ID_MIN, parseId } from "../../../contracts/ids.ts";
import { requireUser } from "../../http/authenticate.ts";
import { readMultipartFile } from "../../http/multipart.ts";
import { badRequest, unsupportedMediaType } from "../../http/errors.ts";
import type { UploadState, UploadsService } from "./uploads.service.ts";

/**
 * tus 1.0.0 (core, creation, creation-defer-length, termination) on /api/uploads, and the
 * one-shot multipart POST /api/recordings. Bodies stream straight to storage, never into memory.
 */
const uploadParams = z.strictObject({ id: z.string().max(64) });

function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (!key) continue;
    const decoded = value ? Buffer.from(value, "base64").toString("utf8") : "";
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail on the insert.
    if (decoded.includes("\u0000")) throw badRequest(`Upload-Metadata ${key.slice(0, 40)}: text can't contain NUL characters`);
    out[key] = decoded;
  }
  return out;
}

/** An id in a form field is a value the client sent: not a valid id is a bad request. */
function bodyId(raw: string, label: string): number {
  const id = parseId(raw);
  if (id === null) throw badRequest(`${label} must be a whole number from ${ID_MIN} to ${ID_MAX}`);
  return id;
}

function headerNumber(request: FastifyRequest, name: string): number | null {
  const raw = request.headers[name];
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw)) throw badRequest(`${name} must be a whole number of bytes`);
  return Number(raw);
}

function stateHeaders(reply: FastifyReply, state: UploadState) {
  reply.header("upload-offset", String(state.offset));
  if (state.length === null) reply.header("upload-defer-length", "1");
  else reply.header("upload-length", String(state.length));
  if (state.clipId !== null) reply.header(UPLOAD_CLIP_ID_HEADER, String(state.clipId));
}

function cleanTitle(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters in a title are never meant
  const title = (raw ?? "").replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim().slice(0, CLIP_LIMITS.titleMaxLength);
  return title || "Recording";
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // tus bodies are read as streams by the handler itself.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/uploads")) reply.header("tus-resumable", TUS_VERSION);
  });

  app.options("/api/uploads", async (_request, reply) =>
    reply
      .code(204)
      .header("tus-version", TUS_VERSION)
      .header("tus-extension", "creation,creation-defer-length,termination")
      .header("tus-max-size", String(uploads.maxBytes))
      .send(),
  );

  app.post("/api/uploads", async (request, reply) => {
    const user = requireUser(request);
    const length = headerNumber(request, "upload-length");
    if (length === null && request.headers["upload-defer-length"] !== "1") {
      throw badRequest("Send Upload-Length or Upload-Defer-Length: 1");
    }
    const metadata = parseMetadata(request.headers["upload-metadata"] as string | undefined);
    // tus clients may send any metadata; a showId that names no show of the camper's leaves the clip loose,
    // and a shotId that names no shot of theirs is ignored the same way (a take joins its shot's show), as
    // are a begunMsAgo or a draftKey that are not what a device sends.
    const showId = parseId(metadata.showId);
    const shotId = parseId(metadata.shotId);
    const begunMsAgo = parseBegunMsAgo(metadata[UPLOAD_BEGUN.metadataKey]);
    const draftKey = draftKeySchema.safeParse(metadata[UPLOAD_DRAFT_KEY_METADATA]).data ?? null;
    const id = await uploads.create(user.id, { title: cleanTitle(metadata.title), showId, shotId, length, begunMsAgo, draftKey });
    return reply.code(201).header("location", `/api/uploads/${id}`).header("upload-offset", "0").send();
  });

  app.head("/api/uploads/:id", { schema: { params: uploadParams } }, async (request, reply) => {
    const state = await uploads.state(requireUser(request).id, request.params.id);
    stateHeaders(reply, state);
    return reply.code(200).header("cache-control", "no-store").send();
  });

  app.patch("/api/uploads/:id", { schema: { params: uploadParams } }, async (request, reply) => {
    const user = requireUser(request);
    if (request.headers["content-type"] !== "application/offset+octet-stream") {
      throw unsupportedMediaType("PATCH bodies must be application/offset+octet-stream");
    }
    const offset = headerNumber(request, "upload-offset");
    if (offset === null) throw badRequest("Upload-Offset is required");
    const length = headerNumber(request, "upload-length");
    const state = await uploads.append(user.id, request.params.id, offset, length, request.raw, headerNumber(request, "content-length"));
    stateHeaders(reply, state);
    return reply.code(204).send();
  });

  app.delete("/api/uploads/:id", { schema: { params: uploadParams } }, async (request, reply) => {
    await uploads.terminate(requireUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  /**
   * The one-shot multipart upload: title, transcription, video (one file). With a showId the clip joins
   * that show; without one it becomes a new show of that title (listed with this video).
   */
  app.post("/api/recordings", { schema: { response: { 201: clipSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const clip = await readMultipartFile(request, "video", "Add the video file in a field named video", (file, fields) =>
      uploads.ingest(
        user.id,
        {
          title: cleanTitle(fields.title),
          showId: fields.showId === undefined || fields.showId === "" ? null : bodyId(fields.showId, "showId"),
          transcription: fields.transcription?.slice(0, CLIP_LIMITS.transcriptionMaxLength) || null,
          bodyBytes: headerNumber(request, "content-length"),
        },
        file,
      ),
    );
    return reply.code(201).send(clip);
  });
};
