import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AUTH_MESSAGES,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  signedOutOthersSchema,
  signInMethodsSchema,
  staffReauthBodySchema,
  staffReauthSchema,
} from "../../../contracts/auth.ts";
import { requireStaff, requireUser } from "../../http/authenticate.ts";
import { unauthorized } from "../../http/errors.ts";
import { clearSessionCookie, readSessionToken } from "../../http/session-cookie.ts";
import type { AccountService } from "./account.service.ts";

/** The cookie's token of a signed-in request (requireUser has found its session). */
function sessionTokenOf(request: FastifyRequest): string {
  const token = readSessionToken(request);
  if (!token) throw unauthorized(AUTH_MESSAGES.signedOut);
  return token;
}

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.put("/api/user/password", { schema: { body: changePasswordBodySchema, response: { 204: z.null() } } }, async (request, reply) => {
    const user = requireUser(request);
    await accounts.changePassword(user.id, sessionTokenOf(request), request.body);
    return reply.code(204).send(null);
  });

  app.get("/api/user/sign-in-methods", { schema: { response: { 200: signInMethodsSchema } } }, async (request) =>
    accounts.signInMethods(requireUser(request).id),
  );

  app.post("/api/user/sign-out-others", { schema: { response: { 200: signedOutOthersSchema } } }, async (request) => {
    const user = requireUser(request);
    return { endedSessions: await accounts.signOutOthers(user.id, sessionTokenOf(request)) };
  });

  app.delete("/api/user", { schema: { body: deleteAccountBodySchema, response: { 204: z.null() } } }, async (request, reply) => {
    const user = requireUser(request);
    await accounts.deleteAccount(user.id, request.body);
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  });

  app.post("/api/staff/reauth", { schema: { body: staffReauthBodySchema, response: { 200: staffReauthSchema } } }, async (request) => {
    const staff = requireStaff(request);
    return accounts.confirmStaffSession(staff.id, sessionTokenOf(request), request.body.password);
  });
};
