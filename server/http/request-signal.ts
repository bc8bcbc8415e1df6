import type { FastifyReply } from "fastify";

/**
 * Runs `work` with a signal that aborts when the client goes away before its answer is sent, so the
 * programs it started (ffmpeg, a voice, pocketsphinx) stop with the request instead of running on.
 */
export async function whileClientWaits<T>(reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort(new Error("client went away"));
  };
  reply.raw.on("close", onClose);
  try {
    return await work(controller.signal);
  } finally {
    reply.raw.off("close", onClose);
  }
}
