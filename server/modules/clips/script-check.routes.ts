import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clipIdParamsSchema, clipSchema } from "../../../contracts/clips.ts";
import { scriptCheckBodySchema } from "../../../contracts/shots.ts";
import { requireUser } from "../../http/authenticate.ts";
import type { ScriptCheckService } from "./script-check.service.ts";

export const scriptCheckRoutes: FastifyPluginAsyncZod<{ scriptCheck: ScriptCheckService }> = async (app, { scriptCheck }) => {
  /** Checks a take against its shot's lines (listening on the server, else the browser's transcript) and keeps the result on the clip. */
  app.post(
    "/api/clips/:id/script-check",
    { schema: { params: clipIdParamsSchema, body: scriptCheckBodySchema.nullish(), response: { 200: clipSchema } } },
    async (request, reply) => {
      // A camper who leaves the page stops the listening (ffmpeg, pocketsphinx or the endpoint call).
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) controller.abort(new Error("client went away"));
      };
      reply.raw.on("close", onClose);
      try {
        return await scriptCheck.check(requireUser(request).id, request.params.id, request.body?.transcript, controller.signal);
      } finally {
        reply.raw.off("close", onClose);
      }
    },
  );
};
