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
import { AiError, type WriteOptions } from "../../ai/ai-writer.ts";
import { requireUser } from "../../http/authenticate.ts";
import { HttpError } from "../../http/errors.ts";
import { openEventStream, wantsEventStream } from "../../http/sse.ts";
import type { AiService } from "./ai.service.ts";

/**
 * Runs one AI task and answers as JSON, or as server-sent events when the client asks for
 * text/event-stream (deltas as they arrive, then the whole text, or an error event).
 */
async function respond(
  request: FastifyRequest,
  reply: FastifyReply,
  field: "content" | "response",
  task: (options: WriteOptions) => Promise<string>,
) {
  if (!wantsEventStream(request)) {
    try {
      return reply.send({ [field]: await task({}) });
    } catch (error) {
      throw asHttpError(error);
    }
  }
  const stream = openEventStream(request, reply);
  try {
    // Each event's data is typed by contracts/ai.ts, the schemas the client reads it with.
    const text = await task({ signal: stream.signal, onDelta: (piece) => stream.send(SSE_EVENTS.delta, { text: piece } satisfies AiDeltaEvent) });
    const done: AiAnswer = field === "content" ? { content: text } : { response: text };
    stream.send(SSE_EVENTS.done, done);
  } catch (error) {
    // Headers are gone already, so the failure travels as an event; unexpected faults stay vague.
    const known = error instanceof AiError || error instanceof HttpError;
    if (!known) request.log.error({ err: error }, "AI stream failed");
    stream.send(SSE_EVENTS.error, {
      message: known ? (error as Error).message : "Something went wrong on our side. Please try again.",
      status: known ? (error as AiError | HttpError).statusCode : 500,
      errorCode: error instanceof AiError ? error.errorCode : null,
    } satisfies AiErrorEvent);
  } finally {
    stream.end();
  }
  return reply;
}

function asHttpError(error: unknown): Error {
  if (error instanceof AiError) {
    return new HttpError(error.statusCode, error.message, {}, error.errorCode);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService }> = async (app, { ai }) => {
  app.post(
    "/api/ai/generate-reflection",
    { schema: { body: generateReflectionBodySchema, response: { 200: contentResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await ai.checkLimit(user.id);
      return respond(request, reply, "content", (options) => ai.generateNarration(request.body, options));
    },
  );

  app.post(
    "/api/ai/custom-request",
    { schema: { body: customRequestBodySchema, response: { 200: contentResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await ai.checkLimit(user.id);
      return respond(request, reply, "content", (options) => ai.editNarration(request.body, options));
    },
  );

  app.post(
    "/api/ai/chat",
    { schema: { body: chatBodySchema, response: { 200: chatResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await ai.checkLimit(user.id);
      return respond(request, reply, "response", (options) => ai.chat(request.body, options));
    },
  );

  app.post(
    "/api/generate-title",
    { schema: { body: generateTitleBodySchema, response: { 200: titleResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await ai.checkLimit(user.id);
      try {
        return { title: await ai.writeTitle(request.body.content) };
      } catch (error) {
        throw asHttpError(error);
      }
    },
  );

  app.get("/api/ai/status", { schema: { response: { 200: aiStatusSchema } } }, async (request) => {
    requireUser(request);
    return ai.status();
  });
};
