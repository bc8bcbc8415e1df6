import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkedTakeSchema, clipIdParamsSchema } from "../../../contracts/clips.ts";
import { scriptCheckBodySchema } from "../../../contracts/shots.ts";
import { requireUser } from "../../http/authenticate.ts";
import { whileClientWaits } from "../../http/request-signal.ts";
import type { ScriptCheckService } from "./script-check.service.ts";

export const scriptCheckRoutes: FastifyPluginAsyncZod<{ scriptCheck: ScriptCheckService }> = async (app, { scriptCheck }) => {
  /** Checks a take against its shot's lines (listening on the server, else the browser's transcript) and keeps the result on the clip. */
  app.post(
    "/api/clips/:id/script-check",
    { schema: { params: clipIdParamsSchema, body: scriptCheckBodySchema.nullish(), response: { 200: checkedTakeSchema } } },
    // A camper who leaves the page stops the listening (ffmpeg, pocketsphinx or the endpoint call).
    async (request, reply) =>
      whileClientWaits(reply, (signal) => scriptCheck.check(requireUser(request).id, request.params.id, request.body?.transcript, signal)),
  );
};
