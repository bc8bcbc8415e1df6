import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite names built assets by content hash, so a name's bytes never change: browsers may keep them a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The HTML names the current assets, so browsers must never reuse an old copy of it. */
const NEVER_CACHE = "no-store";
/** Other files of the client (the icon) keep their names across releases: revalidate each time. */
const REVALIDATE = "no-cache";

/** The Cache-Control a file of the built client gets (also for its .br/.gz siblings). */
export function cacheControlFor(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, "");
  if (file.endsWith(".html")) return NEVER_CACHE;
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  return REVALIDATE;
}

/**
 * Serves the built single-page client, with index.html for every non-API path (client routing). The
 * build writes brotli and gzip copies of every text file; the one the browser accepts is sent as is.
 */
export function registerWebClient(app: FastifyInstance, webRoot: string | undefined) {
  const hasClient = webRoot !== undefined && existsSync(path.join(webRoot, "index.html"));
  if (hasClient) {
    app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header("cache-control", cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (hasClient && isPage) {
      if (/\.[a-z0-9]+$/i.test(request.url.split("?")[0]!) && !request.url.endsWith(".html")) {
        return reply.code(404).send({ message: "File not found" });
      }
      return reply.header("cache-control", NEVER_CACHE).sendFile("index.html");
    }
    return reply.code(404).send({ message: `No API route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
