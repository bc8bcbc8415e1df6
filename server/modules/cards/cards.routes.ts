import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CARD_MESSAGES,
  cabinCardsBodySchema,
  cabinCardsSchema,
  reissuedCardSchema,
  staffSetPasswordBodySchema,
} from "../../../contracts/cards.ts";
import { idParamsSchema } from "../../../contracts/ids.ts";
import { requireStaff } from "../../http/authenticate.ts";
import type { CardsService } from "./cards.service.ts";

const camperParams = idParamsSchema("Camper", CARD_MESSAGES.camperNotFound);
const cabinParams = idParamsSchema("Cabin", CARD_MESSAGES.cabinNotFound);

/** Staff reissue sign-in cards and set campers' passwords (decision 027b). */
export const cardsRoutes: FastifyPluginAsyncZod<{ cards: CardsService }> = async (app, { cards }) => {
  app.post("/api/staff/campers/:id/card", { schema: { params: camperParams, response: { 200: reissuedCardSchema } } }, async (request) => ({
    card: await cards.reissue(requireStaff(request), request.params.id),
  }));

  app.post(
    "/api/staff/cabins/:id/cards",
    { schema: { params: cabinParams, body: cabinCardsBodySchema, response: { 200: cabinCardsSchema } } },
    async (request) => ({ cards: await cards.reissueCabin(requireStaff(request), request.params.id, request.body?.sessionId) }),
  );

  app.put(
    "/api/staff/campers/:id/password",
    { schema: { params: camperParams, body: staffSetPasswordBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await cards.setPassword(requireStaff(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
