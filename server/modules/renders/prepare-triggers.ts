import type { FastifyInstance } from "fastify";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";

/** Requests under a show that change what its video would be (its script and choices, clips, sections, shots, voice-over). */
const SHOW_CHANGES = /^\/api\/recordings\/:id(?:\/(?:clips|sections|shots(?:\/.*)?|voice-over))?$/;
/** Requests that change a camper's clips without naming the show (trims, takes, photos' length). */
const CLIP_CHANGES = /^\/api\/clips\/:id(?:\/script-check)?$/;
/** An upload's bytes (its last PATCH makes the clip; cancelling one makes none). */
const UPLOAD_BYTES = "/api/uploads/:id";

/**
 * Whose video a successful request to `route` may change: the show it names, every show of the camper
 * (a clip can sit in any of them), or none. Reads never change one.
 */
export function preparedVideosChangedBy(method: string, route: string): "show" | "camper" | null {
  if (method === "GET" || method === "HEAD") return null;
  if (SHOW_CHANGES.test(route)) return method === "DELETE" ? null : "show";
  if (route === UPLOAD_BYTES) return method === "PATCH" ? "camper" : null;
  return CLIP_CHANGES.test(route) ? "camper" : null;
}

/**
 * Render ahead's trigger (decision 029d): on a successful change to a show's video, the show gets a
 * preparation ticket due once it has been quiet for `debounceMs` (a burst of autosaves moves it on, up to
 * `maxWaitMs` after the first), and the worker is woken. Never fails the camper's request.
 */
export function registerPrepareTriggers(
  app: FastifyInstance,
  deps: { ahead: RenderAheadRepository; debounceMs: number; maxWaitMs: number; kick: () => void; log?: { warn(obj: object, msg: string): void } },
) {
  // Before the answer goes out (onSend), so a client that sees its change saved finds the show's ticket there.
  // A callback hook, not an async one: every other request passes straight on without a promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    const changed = reply.statusCode < 300 && request.user ? preparedVideosChangedBy(request.method, request.routeOptions.url ?? "") : null;
    if (!changed) return done(null, payload);
    const userId = request.user!.id;
    const showId = Number((request.params as { id?: string }).id);
    const scheduled =
      changed === "camper"
        ? deps.ahead.scheduleCamper(userId, deps.debounceMs, deps.maxWaitMs)
        : Number.isInteger(showId)
          ? deps.ahead.schedule(userId, showId, deps.debounceMs, deps.maxWaitMs)
          : undefined;
    if (!scheduled) return done(null, payload);
    scheduled
      .then(
        () => deps.kick(),
        // The show went meanwhile (its ticket cannot point at it): nothing to prepare.
        (error: unknown) => deps.log?.warn({ err: error, url: request.routeOptions.url }, "could not schedule preparing a show ahead"),
      )
      .finally(() => done(null, payload));
  });
}
