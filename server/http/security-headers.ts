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
 * What an API answer needs of them. A browser never renders one as a page (JSON, media, event streams):
 * nosniff keeps it from guessing it is one, the policy and frame options refuse it any resource or
 * frame should it be opened directly, CORP keeps other sites from reading it into theirs, and no-store
 * keeps a camper's data off a shared tablet's disk (media routes set their own caching). The rest of
 * the page set (opener and agent-cluster isolation, DNS prefetch, IE's download and XSS switches, Flash
 * policies) governs documents only, and was half of every JSON answer's headers (decision 029b).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
});

/** HSTS, for answers that reached us over HTTPS (below). */
const HSTS = "max-age=31536000";

/**
 * Every answer carries security headers: API answers (/api/) the set above, everything else the page
 * set from helmet (a route or page may replace one, as our HTML pages do their Content-Security-Policy).
 * Set on the reply as the request arrives, so a hijacked reply (SSE) sends them too. HSTS is set in the
 * same hook: the app is also served over plain HTTP on a camp's local network, so only a request that
 * reached us over HTTPS (request.protocol trusts X-Forwarded-Proto only from the proxies TRUST_PROXY
 * names) tells browsers never to use plain HTTP for this host again. One synchronous hook for all of
 * them: each hook is a step of every request's chain.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = securityHeadersFor(options);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? API_SECURITY_HEADERS : headers);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
}
