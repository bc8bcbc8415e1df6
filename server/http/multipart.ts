import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { HttpError, badRequest, unsupportedMediaType } from "./errors.ts";

export const MULTIPART_MESSAGES = {
  notMultipart: "Send the file as multipart/form-data",
  malformed: "The upload is not valid multipart/form-data (or it ended early); send it again",
  nulInField: "Text can't contain NUL characters",
} as const;

/**
 * Reads a multipart/form-data request whose text fields come before one file: collects the fields,
 * then hands the file (still streaming) to `onFile`. Parts after the file are not read.
 *
 * Whatever goes wrong in the body itself (no boundary, a body that is not multipart, a cut-off part)
 * is the client's mistake and answers 400; a field with a NUL character (which PostgreSQL cannot
 * store) is refused before the file is read.
 */
export async function readMultipartFile<T>(
  request: FastifyRequest,
  fileField: string,
  missingFileMessage: string,
  onFile: (file: Readable, fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw unsupportedMediaType(MULTIPART_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  let bodyBroken = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value !== "string") continue;
        if (part.value.includes("\u0000")) throw badRequest(MULTIPART_MESSAGES.nulInField);
        fields[part.fieldname] = part.value;
        continue;
      }
      part.file.once("error", () => (bodyBroken = true));
      if (part.fieldname !== fileField) {
        part.file.resume();
        continue;
      }
      return await onFile(part.file, fields);
    }
  } catch (error) {
    if (error instanceof HttpError || isClientStatus(error)) throw error;
    // Errors of the parser itself (busboy has no codes) or of the body stream it fed to the handler.
    if (bodyBroken || isParserError(error)) throw badRequest(MULTIPART_MESSAGES.malformed);
    throw error;
  }
  throw badRequest(missingFileMessage);
}

/** @fastify/multipart's own limits (413 and the like) already say what went wrong. */
function isClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function isParserError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === "string" && (e.code.startsWith("FST_") || e.code === "ECONNRESET" || e.code === "ERR_STREAM_PREMATURE_CLOSE")) {
    return true;
  }
  return typeof e?.message === "string" && /multipart|boundary|unexpected end of form|malformed part header|aborted/i.test(e.message);
}
