import type { FastifyPluginAsync } from "fastify";
import { carriesOperatorToken } from "../../http/operator-token.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { HealthRepository } from "./health.repository.ts";

/** A check that takes longer than this counts as down: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 3000;

async function check(what: string, run: () => Promise<unknown>): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return undefined;
  } catch (error) {
    return `${what}: ${(error as Error).message || "unreachable"}`;
  } finally {
    clearTimeout(timer);
  }
}

/** What anyone hears from /readyz when a part is down; the reason goes to the log and to the token's bearers. */
export const NOT_READY_MESSAGE = "Not ready: a service this server needs is unreachable";

/**
 * Liveness and readiness for load balancers and orchestrators. /healthz: the process answers.
 * /readyz: it can serve campers (database and media storage reachable), else 503. The reason (a
 * database or S3 error, which can name hosts and buckets) is logged, and answered only to a caller
 * with the operators' token (METRICS_TOKEN).
 */
export const healthRoutes: FastifyPluginAsync<{ database: HealthRepository; storage: MediaStorage; isClosing: () => boolean; operatorToken?: string }> = async (
  app,
  { database, storage, isClosing, operatorToken },
) => {
  app.get("/healthz", async (_request, reply) => reply.header("cache-control", "no-store").send({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (isClosing()) return reply.code(503).send({ message: "shutting down", status: "closing" });
    const problems = (
      await Promise.all([check("database", () => database.ping()), check("storage", () => storage.ping())])
    ).filter((p): p is string => p !== undefined);
    if (problems.length) {
      const reason = problems.join("; ");
      request.log.warn({ reason }, "not ready");
      const message = carriesOperatorToken(request.headers.authorization, operatorToken) ? reason : NOT_READY_MESSAGE;
      return reply.code(503).send({ message, status: "unavailable" });
    }
    return reply.send({ status: "ready" });
  });
};
