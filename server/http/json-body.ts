import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.ts";

/**
 * JSON bodies are parsed here rather than by Fastify's default parser so that text PostgreSQL
 * cannot store (the NUL character) is refused with a 400 up front, for every route at once.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(badRequest("The request body is empty but its content type says JSON"));
    try {
      done(
        null,
        JSON.parse(text, (_key, value: unknown) => {
          if (typeof value === "string" && value.includes("\u0000")) throw new NulCharacterError();
          return value;
        }),
      );
    } catch (error) {
      done(badRequest(error instanceof NulCharacterError ? "Text can't contain NUL characters" : "The request body is not valid JSON"));
    }
  });
}

class NulCharacterError extends Error {}
