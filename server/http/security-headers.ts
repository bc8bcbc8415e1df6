import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet sends with these options, worked out once. They depend on the options only (no
 * nonces, no per-request directives), yet @fastify/helmet built helmet's whole middleware again on every
 * request, in two hooks: a tenth of our own time on a signed-in list (decision 029b).
 */
export function securityHeadersFor(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sends.
    removeHeader() {},
  };
  helmet({ ...options })({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Every answer carries the same security headers (a route or page may replace one, as our HTML pages
 * do their Content-Security-Policy). Set on the reply, so a hijacked reply (SSE) sends them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = securityHeadersFor(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
