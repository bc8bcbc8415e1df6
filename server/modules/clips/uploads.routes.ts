import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLIP_LIMITS, TUS_VERSION, UPLOAD_CLIP_ID_HEADER, clipSchema } from "../../../contracts/clips.ts";
import { requireUser } from "../../http/authenticate.ts";
import { HttpError, badRequest } from "../../http/errors.ts";
import type { UploadState, UploadsService } from "./uploads.service.ts";

/**
 * tus 1.0.0 (core, creation, creation-defer-length, termination) on /api/uploads, and the spec's
 * one-shot multipart POST /api/recordings. Bodies stream straight to storage, never into memory.
 */
const uploadParams = z.strictObject({ id: z.string().max(64) });

function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key) out[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return out;
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
  const title = (raw ?? "").replace(/\s+/g, " ").trim().slice(0, CLIP_LIMITS.titleMaxLength);
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
    const showId = /^[1-9]\d{0,8}$/.test(metadata.showId ?? "") ? Number(metadata.showId) : null;
    const id = await uploads.create(user.id, { title: cleanTitle(metadata.title), showId, length });
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
      throw new HttpError(415, "PATCH bodies must be application/offset+octet-stream");
    }
    const offset = headerNumber(request, "upload-offset");
    if (offset === null) throw badRequest("Upload-Offset is required");
    const length = headerNumber(request, "upload-length");
    const state = await uploads.append(user.id, request.params.id, offset, length, request.raw);
    stateHeaders(reply, state);
    return reply.code(204).send();
  });

  app.delete("/api/uploads/:id", { schema: { params: uploadParams } }, async (request, reply) => {
    await uploads.terminate(requireUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  /** The spec's multipart upload: title, transcription, video (one file). */
  app.post("/api/recordings", { schema: { response: { 201: clipSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw new HttpError(415, "Send the video as multipart/form-data");
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "video") {
        part.file.resume();
        continue;
      }
      const showId = /^[1-9]\d{0,8}$/.test(fields.showId ?? "") ? Number(fields.showId) : null;
      const clip = await uploads.ingest(
        user.id,
        {
          title: cleanTitle(fields.title),
          showId,
          transcription: fields.transcription?.slice(0, CLIP_LIMITS.transcriptionMaxLength) || null,
        },
        part.file,
      );
      return reply.code(201).send(clip);
    }
    throw badRequest("Add the video file in a field named video");
  });
};
