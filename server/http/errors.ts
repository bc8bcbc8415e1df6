import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { RefusalCode } from "../../contracts/errors.ts";
import { NOT_FOUND_ISSUE } from "../../contracts/ids.ts";
import { AiError } from "../ai/ai-writer.ts";
import { MediaInputError } from "../media/media-inputs.ts";
import { ToolAbortedError, ToolTimeLimitError } from "../media/tool-process.ts";

/**
 * An error a service throws on purpose: its status and message go to the client as-is. Anything
 * else that escapes a handler is a bug, logged and answered with a generic 500.
 */
export class HttpError extends Error {
  /** Headers of the answer (a 429's Retry-After). */
  readonly headers: Record<string, string>;
  /** An upstream provider's status worth telling the client (AI: 429 = rate limited). */
  readonly errorCode: number | null;
  /** More of the body for the client: a refusal's code and what to fix (contracts/errors.ts). */
  readonly extra: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    more: { headers?: Record<string, string>; errorCode?: number | null; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.headers = more.headers ?? {};
    this.errorCode = more.errorCode ?? null;
    this.extra = more.extra ?? {};
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 409 that says why (`code`) and carries what to fix, so the screen can offer the way forward. */
export const refusal = (message: string, code: RefusalCode, extra: Record<string, unknown> = {}) =>
  new HttpError(409, message, { extra: { code, ...extra } });
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const locked = (message: string) => new HttpError(423, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

/**
 * A failure meant for the client as the HTTP error it is answered with: a service's HttpError as it is,
 * the AI writer's AiError with its status and the provider's code. Null for anything else (a bug).
 */
export function asKnownHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof AiError) return new HttpError(error.statusCode, error.message, { errorCode: error.errorCode });
  return null;
}

/** zod's own wording ("Invalid input: ...") needs the field name in front; ours already says it. */
const GENERIC_ZOD_MESSAGE = /^(Invalid|Unrecognized|Too (big|small)|Expected)/;

function describeValidation(error: { validation: { instancePath: string; message?: string }[] }, context?: string) {
  const parts = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const message = issue.message ?? "Invalid value";
    return field && GENERIC_ZOD_MESSAGE.test(message) ? `${field}: ${message}` : message;
  });
  const unique = [...new Set(parts)];
  const prefix = context === "querystring" ? "Query: " : context === "params" ? "Path: " : "";
  return prefix + unique.join("; ");
}

function isNotFoundIssue(params: unknown): boolean {
  const custom = (params as { params?: { status?: unknown } } | undefined)?.params;
  return custom?.status === NOT_FOUND_ISSUE.status;
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large ...), by code. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty but its content type says JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "This content type is not accepted here",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body",
};

const CLIENT_GONE_CODES = new Set(["ECONNRESET", "ERR_STREAM_PREMATURE_CLOSE", "EPIPE", "ECONNABORTED"]);

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = asKnownHttpError(error);
    if (known) {
      const body = known.errorCode === null ? { message: known.message, ...known.extra } : { message: known.message, errorCode: known.errorCode, ...known.extra };
      return reply.code(known.statusCode).headers(known.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A whole-number path id the database cannot hold names nothing: the same 404 as a missing row.
      const notFoundIssue = error.validation.find((issue) => isNotFoundIssue(issue.params));
      if (notFoundIssue) return reply.code(404).send({ message: notFoundIssue.message });
      return reply.code(400).send({ message: describeValidation(error, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        CLIENT_ERROR_MESSAGES[error.code] ?? (error.code?.startsWith("FST_") ? "The request is not valid" : error.message);
      if (status === 429) return reply.code(429).send({ message: error.message });
      return reply.code(status).send({ message });
    }
    // A program (ffmpeg, a voice, pocketsphinx) stopped at its time limit: said plainly, details in the log.
    if ((error as Error) instanceof ToolTimeLimitError) {
      request.log.warn({ err: error }, "a tool ran past its time limit");
      return reply.code(503).header("retry-after", "60").send({ message: "That took the server too long, so it stopped. Please try again in a little while." });
    }
    if ((error as Error) instanceof MediaInputError) {
      request.log.warn({ err: error }, "a file that is not media we read");
      return reply.code(415).send({ message: "That file is not a kind of video or sound this app can read." });
    }
    // A client that hung up mid-request (closed tab, lost Wi-Fi, paused upload) is not our error.
    if (request.raw.aborted || request.raw.socket?.destroyed || CLIENT_GONE_CODES.has(String(error.code)) || (error as Error) instanceof ToolAbortedError) {
      request.log.info({ code: error.code }, "client went away before the answer");
      return reply.code(400).send({ message: "The request ended before it was complete" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });

}
