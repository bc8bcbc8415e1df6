import type { FastifyReply, FastifyRequest } from "fastify";

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away, so the work behind the stream can stop. */
  signal: AbortSignal;
}

/**
 * Takes the response over for server-sent events. Headers (security headers included) go out at
 * once, so the client sees the stream open before the first word is ready.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  const controller = new AbortController();
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  raw.flushHeaders?.();
  request.raw.socket?.setNoDelay?.(true);
  const onClose = () => controller.abort(new Error("client went away"));
  raw.on("close", onClose);
  return {
    signal: controller.signal,
    send(event, data) {
      if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      raw.off("close", onClose);
      if (!raw.writableEnded) raw.end();
    },
  };
}
