import { setFlagsFromString } from "node:v8";

/**
 * Imported first by the process entries (main.ts, worker.ts), before any other module loads.
 *
 * V8 "pretenures" an allocation site (allocates its objects straight in the old generation) once nearly
 * all of the objects it made survived a young-generation collection. While the app's modules load and its
 * first queries run, nearly everything survives, so sites that later make per-request garbage get tenured
 * for good: under load, every list request's rows (node-postgres's row arrays and their strings) went
 * to the old generation, ~1.3 MB per young collection, each of which then took 2-3 ms instead of
 * under 1 ms, with a full collection every few seconds. Turned off, the same load promotes almost nothing
 * and a signed-in list costs about a tenth less CPU (decision 029b, sixth pass). The server's long-lived
 * data is small, so the young generation copying it costs nothing measurable.
 *
 * The flag is read at each collection, so setting it here, before the first one decides anything, works
 * as if it had been given on the command line; the process entries need no flags of their own.
 */
setFlagsFromString("--no-allocation-site-pretenuring");
