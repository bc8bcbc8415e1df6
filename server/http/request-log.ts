import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * A share link's path is its secret (/s/{token}): whoever reads a log could watch the video. Logs keep
 * the path with the token replaced, and whatever follows it (/media, /captions.vtt).
 */
export function redactShareToken(url: string): string {
  return url.replace(/^\/s\/[^/?#]+/, "/s/[redacted]");
}

/** The request as Fastify logs it by default, with the share token left out of its URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactShareToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with the redacting request serializer; no logger stays no logger. */
export function withRedactedRequests(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
