// First: V8 settings that must hold before any other module allocates (server/heap-tuning.ts).
import "./heap-tuning.ts";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { openDatabase } from "../db/client.ts";
import { loadConfigOrExit, runProcess, stopOnSignal } from "./process-lifecycle.ts";

/** The process entry: reads config, opens the database, listens, and closes cleanly on a signal. */
async function main() {
  const config = loadConfigOrExit();
  mkdirSync(config.dataDir, { recursive: true });
  const log = pino({ level: config.logLevel });
  // The app's modules load while the embedded database starts (each about a second on a camp laptop):
  // one waits on a child process, the other on this thread.
  const [database, { buildApp }] = await Promise.all([openDatabase(config.database, { log: (line) => log.info(line) }), import("./app.ts")]);
  // Built, this file is dist/server/main.js and the client is dist/web. In development Vite serves it.
  const webRoot = config.env === "development" ? undefined : fileURLToPath(new URL("../web", import.meta.url));
  const app = await buildApp({
    config,
    db: database.db,
    webRoot,
    logger: { level: config.logLevel },
  });

  stopOnSignal(async (signal) => {
    app.log.info({ signal }, "shutting down");
    // In-flight requests get a moment to finish; a browser's idle keep-alive must not hold the exit.
    setTimeout(() => app.server.closeAllConnections(), 3000).unref();
    await app.close();
    await database.close();
  });

  if (database.kind !== "postgres") {
    // An embedded database belongs to this process alone, so any upload lock or running render in it
    // was this server's before a crash (kill -9, power loss): free them now rather than wait out their
    // leases. With a shared PostgreSQL the leases (seconds) and render heartbeats do this instead.
    await app.uploads.releaseAllLocks();
    await app.renderWorker.recoverStale(0);
  }
  // A crash's leftovers (partial renders, work folders): all of them when nothing else can be using
  // them, else only old ones (another instance may be mid-render).
  // Never a reason not to start (storage briefly unreachable): the hourly run tries again.
  await app.housekeeping.sweepLeftovers(database.kind === "postgres" ? undefined : 0).catch((error: unknown) => {
    app.log.warn({ err: error }, "could not sweep leftovers at start-up");
  });
  await app.listen({ port: config.port, host: config.host });
  app.renderWorker.start();
  app.housekeeping.start();
  const where = {
    "embedded-postgres": `embedded PostgreSQL in ${config.dataDir}`,
    pglite: `embedded PGlite database in ${config.dataDir}`,
    postgres: "PostgreSQL",
  }[database.kind];
  app.log.info(`Summer Stories is ready on http://localhost:${config.port} (${where})`);
}

runProcess(main);
