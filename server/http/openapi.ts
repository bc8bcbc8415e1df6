import { readFileSync } from "node:fs";
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "./session-cookie.ts";

/** The app's version, from package.json (read once; the same file in the source tree and the image). */
function appVersion(): string {
  for (const candidate of ["../../package.json", "../../../package.json"]) {
    try {
      const parsed = JSON.parse(readFileSync(new URL(candidate, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (parsed.name === "summer-stories" && parsed.version) return parsed.version;
    } catch {
      // not this level (built files live one folder deeper): try the next
    }
  }
  return "0.0.0";
}

const ERROR_RESPONSE = {
  description: "Refused: the message says why in one sentence",
  type: "object",
  properties: { message: { type: "string" }, code: { type: "string", description: "A 409's refusal code (contracts/errors.ts)" } },
  required: ["message"],
} as const;

/**
 * The OpenAPI 3 document of the /api routes (decision 027g), generated from the zod schemas the routes
 * declare, so camp software integrating through the API reads the same contract the app checks.
 * Registered before the routes (it collects them as they are added). Only /api routes are described:
 * /metrics, /healthz, /readyz (operators') and the share pages (/s/...) are not part of the API.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Summer Stories API",
        version: appVersion(),
        description:
          "The Summer Stories API. Sign in with POST /api/login or POST /api/login/code: the answer sets a session cookie that every other call sends. Errors are JSON { message }.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } } },
    },
    // The document describes the API, not the code: no "hide" marks or zod internals leak into it.
    transform: (document) => {
      if (!document.url.startsWith("/api/")) return { schema: { ...document.schema, hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document) as { schema: { hide?: boolean; response?: Record<string, unknown> }; url: string };
      if (transformed.schema?.hide) return transformed;
      // Every refusal is { message } (a 409 also names its code): said once here for every route.
      // A route without a response schema answers media, a file or nothing: described without a body
      // ("null" is how @fastify/swagger leaves the content out).
      const response = transformed.schema?.response ?? { "2XX": { description: "Success (media, a file or no body)", type: "null" } };
      return { ...transformed, schema: { ...transformed.schema, response: { ...response, "4XX": ERROR_RESPONSE } } };
    },
  });
}
