import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aiStatusSchema,
  chatBodySchema,
  chatResponseSchema,
  contentResponseSchema,
  customRequestBodySchema,
  generateReflectionBodySchema,
  generateTitleBodySchema,
  SSE_EVENTS,
  titleResponseSchema,
  type AiAnswer,
  type AiDeltaEvent,
  type AiErrorEvent,
} from "../../../contracts/ai.ts";
import { requireUser } from "../../http/authenticate.ts";
import { asKnownHttpError } from "../../http/errors.ts";
import { openEventStream, wantsEventStream } from "../../http/sse.ts";
import type { AiService, AiTask } from "./ai.service.ts";

/**
 * Runs one AI task and answers as JSON, or as server-sent events when the client asks for
 * text/event-stream (deltas as they arrive, then the whole text, or an error event).
 */
async function respond(request: FastifyRequest, reply: FastifyReply, field: "content" | "response", task: AiTask) {
  if (!wantsEventStream(request)) return reply.send({ [field]: await task({}) });
  const stream = openEventStream(request, reply);
  try {
    // Each event's data is typed by contracts/ai.ts, the schemas the client reads it with.
    const text = await task({ signal: stream.signal, onDelta: (piece) => stream.send(SSE_EVENTS.delta, { text: piece } satisfies AiDeltaEvent) });
    const done: AiAnswer = field === "content" ? { content: text } : { response: text };
    stream.send(SSE_EVENTS.done, done);
  } catch (error) {
    // Headers are gone already, so the failure travels as an event; unexpected faults stay vague.
    const known = asKnownHttpError(error);
    if (!known) request.log.error({ err: error }, "AI stream failed");
    stream.send(SSE_EVENTS.error, {
      message: known ? known.message : "Something went wrong on our side. Please try again.",
      status: known ? known.statusCode : 500,
      errorCode: known ? known.errorCode : null,
    } satisfies AiErrorEvent);
  } finally {
    stream.end();
  }
  return reply;
}

export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService }> = async (app, { ai }) => {
  app.post(
    "/api/ai/generate-reflection",
    { schema: { body: generateReflectionBodySchema, response: { 200: contentResponseSchema } } },
    async (request, reply) => respond(request, reply, "content", await ai.narrationFor(requireUser(request).id, request.body)),
  );

  app.post(
    "/api/ai/custom-request",
    { schema: { body: customRequestBodySchema, response: { 200: contentResponseSchema } } },
    async (request, reply) => respond(request, reply, "content", await ai.editFor(requireUser(request).id, request.body)),
  );

  app.post(
    "/api/ai/chat",
    { schema: { body: chatBodySchema, response: { 200: chatResponseSchema } } },
    async (request, reply) => respond(request, reply, "response", await ai.chatFor(requireUser(request).id, request.body)),
  );

  app.post(
    "/api/generate-title",
    { schema: { body: generateTitleBodySchema, response: { 200: titleResponseSchema } } },
    async (request) => ({ title: await ai.titleFor(requireUser(request).id, request.body.content) }),
  );

  app.get("/api/ai/status", { schema: { response: { 200: aiStatusSchema } } }, async (request) => {
    requireUser(request);
    return ai.status();
  });
};
