import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import {
  voiceOverBodySchema,
  voiceOverSchema,
  voiceSampleSchema,
  voicePreviewQuerySchema,
  voiceStatusSchema,
  VOICE_MESSAGES,
} from "../../../contracts/voice.ts";
import { requireUser } from "../../http/authenticate.ts";
import { sendStoredMedia } from "../../http/media-response.ts";
import { readMultipartFile } from "../../http/multipart.ts";
import { whileClientWaits } from "../../http/request-signal.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { VoiceSamples } from "./voice-samples.service.ts";
import type { VoiceService } from "./voice.service.ts";

const voiceOverParams = idParamsSchema("Voice-over", VOICE_MESSAGES.noVoiceOver);

export const voiceRoutes: FastifyPluginAsyncZod<{ voice: VoiceService; samples: VoiceSamples; storage: MediaStorage }> = async (
  app,
  { voice, samples, storage },
) => {
  app.get("/api/voice/status", { schema: { response: { 200: voiceStatusSchema } } }, async (request) => {
    requireUser(request);
    return voice.status();
  });

  /** A few seconds of a voice, for the voice picker's Preview. */
  app.get("/api/voice/preview", { schema: { querystring: voicePreviewQuerySchema } }, async (request, reply) => {
    const { audio, mimeType } = await voice.previewFor(requireUser(request).id, request.query.voice);
    return reply.header("content-type", mimeType).header("cache-control", "private, max-age=86400").send(audio);
  });

  /** The voice-over call the client has always made: audio of the show's current narration (also kept as the show's voice-over). */
  app.post(
    "/api/recordings/:id/clone-voice",
    { schema: { params: showIdParamsSchema, body: voiceOverBodySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      // A camper who leaves stops the reading.
      const row = await whileClientWaits(reply, (signal) => voice.voiceOverFor(user.id, request.params.id, request.body?.voice, signal));
      reply.header("x-voice-over-id", String(row.id));
      return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
    },
  );

  app.get(
    "/api/recordings/:id/voice-over",
    // null while the show has no voice-over; 404 only for a show that is not the camper's.
    { schema: { params: showIdParamsSchema, response: { 200: voiceOverSchema.nullable() } } },
    async (request) => voice.latestVoiceOver(requireUser(request).id, request.params.id),
  );

  app.get("/api/voice-overs/:id/media", { schema: { params: voiceOverParams } }, async (request, reply) => {
    const row = await voice.voiceOverMedia(requireUser(request).id, request.params.id);
    return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
  });

  app.post("/api/voice/save-sample", { schema: { response: { 201: voiceSampleSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const sample = await whileClientWaits(reply, (signal) =>
      readMultipartFile(request, "voiceSample", "Add the recording in a field named voiceSample", (file) => samples.saveSample(user.id, file, signal)),
    );
    return reply.code(201).send(sample);
  });

  /** null when the camper has saved no sample: an answer, not a failure (no 404 in every console). */
  app.get("/api/voice/sample", { schema: { response: { 200: voiceSampleSchema.nullable() } } }, async (request) =>
    samples.sampleOrNull(requireUser(request).id),
  );

  app.get("/api/voice/sample/media", async (request, reply) => {
    const row = await samples.sample(requireUser(request).id);
    return sendStoredMedia(request, reply, storage, { key: row.storageKey, mimeType: row.mimeType });
  });

  app.delete("/api/voice/sample", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await samples.deleteSample(requireUser(request).id);
    return reply.code(204).send(null);
  });

};
