import type { FastifyInstance, onSendHookHandler } from "fastify";
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
  // Only on the routes that can change a video, as their own onSend hook: a global one was an async
  // hook (a promise) on every request, the signed-in list included, to find nothing to do.
  app.addHook("onRoute", (route) => {
    const url = route.url;
    if (![route.method].flat().some((method) => preparedVideosChangedBy(method, url))) return;
    // Before the answer goes out (onSend), so a client that sees its change saved finds the show's ticket there.
    const trigger: onSendHookHandler = async (request, reply, payload) => {
      const changed = reply.statusCode < 300 && request.user ? preparedVideosChangedBy(request.method, url) : null;
      if (!changed) return payload;
      const userId = request.user!.id;
      try {
        if (changed === "show") {
          const showId = Number((request.params as { id?: string }).id);
          if (!Number.isInteger(showId)) return payload;
          await deps.ahead.schedule(userId, showId, deps.debounceMs, deps.maxWaitMs);
        } else {
          await deps.ahead.scheduleCamper(userId, deps.debounceMs, deps.maxWaitMs);
        }
        deps.kick();
      } catch (error) {
        // The show went meanwhile (its ticket cannot point at it): nothing to prepare.
        deps.log?.warn({ err: error, url }, "could not schedule preparing a show ahead");
      }
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), trigger];
  });
}
