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
      return jsonSchemaTransform(document);
    },
  });
}
