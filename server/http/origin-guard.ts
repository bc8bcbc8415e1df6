import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests a browser sends from another site (CSRF). Browsers send
 * Sec-Fetch-Site on every request; older ones send Origin on cross-origin writes. A request with
 * neither comes from a non-browser client, which cannot ride a camper's cookies anyway.
 */
export function isCrossOriginWrite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin && allowedOrigins.includes(origin)) return false;
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  if (origin) {
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  return false;
}

/** A synchronous hook: it waits on nothing, and an async one costs every request a promise. */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: readonly string[]) {
  app.addHook("onRequest", (request, _reply, done) => {
    done(isCrossOriginWrite(request, allowedOrigins) ? forbidden("Requests from other sites are not allowed") : undefined);
  });
}
