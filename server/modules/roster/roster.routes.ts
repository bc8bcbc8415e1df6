import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ROSTER_LIMITS, ROSTER_MESSAGES, rosterResultSchema } from "../../../contracts/roster.ts";
import { requireAdmin } from "../../http/authenticate.ts";
import { badRequest, unsupportedMediaType } from "../../http/errors.ts";
import type { RosterService } from "./roster.service.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * POST /api/staff/roster: the director's roster as `text/csv` (decision 027c). The CSV parser is
 * registered in this plugin only; a JSON body (parsed by the app-wide parser) is refused with a 415.
 */
export const rosterRoutes: FastifyPluginAsyncZod<{ roster: RosterService }> = async (app, { roster }) => {
  // text/csv is the contract; text/plain and application/csv are what some tools send for a .csv file.
  app.addContentTypeParser(["text/csv", "application/csv", "text/plain"], { parseAs: "buffer", bodyLimit: ROSTER_LIMITS.maxBytes }, (_request, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(badRequest(ROSTER_MESSAGES.notUtf8));
    }
  });
  // Anything else (a form post, a spreadsheet file) is told what to send instead of a generic refusal.
  app.addContentTypeParser("*", (_request, _payload, done) => done(unsupportedMediaType(ROSTER_MESSAGES.notCsv)));

  app.post(
    "/api/staff/roster",
    {
      bodyLimit: ROSTER_LIMITS.maxBytes,
      schema: {
        summary: "Import the camp roster (CSV)",
        description:
          "Header row first_name,last_initial,cabin,session,media_release (any order). Makes a camper account and a sign-in code per new row, matches campers already made, refuses bad rows with their line. " +
          ROSTER_MESSAGES.privacy,
        consumes: ["text/csv"],
        body: z.string().describe("The roster as CSV text (UTF-8)"),
        response: { 200: rosterResultSchema },
      },
      // The CSV body is not JSON: the validator must see the text, so the schema's string is checked here.
      preValidation: async (request) => {
        // Admin first: a camper or counselor learns nothing about what the body would have done.
        requireAdmin(request);
        if (typeof request.body !== "string") throw unsupportedMediaType(ROSTER_MESSAGES.notCsv);
      },
    },
    async (request) => roster.import(requireAdmin(request), request.body),
  );
};
