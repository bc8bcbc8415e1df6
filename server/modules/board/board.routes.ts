import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { boardQuerySchema, boardSchema } from "../../../contracts/board.ts";
import { requireStaff } from "../../http/authenticate.ts";
import type { BoardService } from "./board.service.ts";

/** GET /api/staff/board: the cabin board of the campers the staff member reaches. */
export const boardRoutes: FastifyPluginAsyncZod<{ board: BoardService }> = async (app, { board }) => {
  app.get("/api/staff/board", { schema: { querystring: boardQuerySchema, response: { 200: boardSchema } } }, async (request) =>
    board.forStaff(requireStaff(request), request.query),
  );
};
