import type { FastifyInstance, onSendHookHandler } from "fastify";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";

/** Requests under a show that change what its video would be (its script and choices, clips, sections, shots, voice-over). */
const SHOW_CHANGES = /^\/api\/recordings\/:id(?:\/(?:clips|sections|shots(?:\/.*)?|voice-over))?$/;
/** Requests that change a camper's clips without naming the show (trims, takes, photos' length, uploads finishing). */
const CLIP_CHANGES = /^\/api\/(?:clips(?:\/:id(?:\/script-check)?)?|uploads\/:id)$/;

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
    const showChange = SHOW_CHANGES.test(url);
    if (!showChange && !CLIP_CHANGES.test(url)) return;
    if ([route.method].flat().every((method) => method === "GET" || method === "HEAD")) return;
    // Before the answer goes out (onSend), so a client that sees its change saved finds the show's ticket there.
    const trigger: onSendHookHandler = async (request, reply, payload) => {
      if (request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 300 || !request.user) return payload;
      const userId = request.user.id;
      try {
        if (showChange && request.method !== "DELETE") {
          const showId = Number((request.params as { id?: string }).id);
          if (!Number.isInteger(showId)) return payload;
          await deps.ahead.schedule(userId, showId, deps.debounceMs, deps.maxWaitMs);
        } else if (!showChange) {
          await deps.ahead.scheduleCamper(userId, deps.debounceMs, deps.maxWaitMs);
        } else return payload;
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
