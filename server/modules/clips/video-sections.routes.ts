import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { showIdParamsSchema } from "../../../contracts/shows.ts";
import { videoSectionsSchema } from "../../../contracts/video-sections.ts";
import { requireUser } from "../../http/authenticate.ts";
import type { VideoSectionsService } from "./video-sections.service.ts";

/** What is in the show's video, in order, with the takes left out under their shot (contracts/video-sections.ts). */
export const videoSectionsRoutes: FastifyPluginAsyncZod<{ sections: VideoSectionsService }> = async (app, { sections }) => {
  app.get(
    "/api/recordings/:id/sections",
    { schema: { params: showIdParamsSchema, response: { 200: videoSectionsSchema } } },
    async (request) => sections.list(requireUser(request).id, request.params.id),
  );
};
