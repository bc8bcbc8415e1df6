import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { showIdParamsSchema } from "../../../contracts/recordings.ts";
import {
  cloneVoiceBodySchema,
  voiceOverSchema,
  voiceSampleSchema,
  voiceStatusSchema,
} from "../../../contracts/voice.ts";
import { requireUser } from "../../http/authenticate.ts";
import { HttpError, badRequest } from "../../http/errors.ts";
import { sendStoredMedia } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { AiService } from "../ai/ai.service.ts";
import type { VoiceService } from "./voice.service.ts";

const idParams = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,8}$/, "Id must be a whole number").transform(Number) });

export const voiceRoutes: FastifyPluginAsyncZod<{ voice: VoiceService; storage: MediaStorage; ai: AiService }> = async (
  app,
  { voice, storage, ai },
) => {
  app.get("/api/voice/status", { schema: { response: { 200: voiceStatusSchema } } }, async (request) => {
    requireUser(request);
    return voice.status();
  });

  /** The spec's call: audio of the show's current narration (also kept as the show's voice-over). */
  app.post(
    "/api/recordings/:id/clone-voice",
    { schema: { params: showIdParamsSchema, body: cloneVoiceBodySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      // Synthesis is as costly as writing: it shares the per-camper AI limit.
      await ai.checkLimit(user.id);
      const row = await voice.voiceOver(user.id, request.params.id, request.body?.voice);
      reply.header("x-voice-over-id", String(row.id));
      return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
    },
  );

  app.get(
    "/api/recordings/:id/voice-over",
    { schema: { params: showIdParamsSchema, response: { 200: voiceOverSchema } } },
    async (request) => voice.latestVoiceOver(requireUser(request).id, request.params.id),
  );

  app.get("/api/voice-overs/:id/media", { schema: { params: idParams } }, async (request, reply) => {
    const row = await voice.voiceOverMedia(requireUser(request).id, request.params.id);
    return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
  });

  app.post("/api/voice/save-sample", { schema: { response: { 201: voiceSampleSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw new HttpError(415, "Send the voice sample as multipart/form-data");
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "voiceSample") {
        part.file.resume();
        continue;
      }
      return reply.code(201).send(await voice.saveSample(user.id, part.file));
    }
    throw badRequest("Add the recording in a field named voiceSample");
  });

  app.get("/api/voice/sample", { schema: { response: { 200: voiceSampleSchema } } }, async (request) =>
    voice.toSample(await voice.sample(requireUser(request).id)),
  );

  app.get("/api/voice/sample/media", async (request, reply) => {
    const row = await voice.sample(requireUser(request).id);
    return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
  });

  app.delete("/api/voice/sample", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await voice.deleteSample(requireUser(request).id);
    return reply.code(204).send(null);
  });

};
