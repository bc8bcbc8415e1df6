import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deleteAccountBodySchema,
  loginBodySchema,
  publicUserSchema,
  registerBodySchema,
} from "../../../contracts/auth.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { requireUser } from "../../http/authenticate.ts";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../../http/session-cookie.ts";
import type { AuthService } from "./auth.service.ts";

export interface AuthRoutesOptions {
  auth: AuthService;
  sessionMaxAgeSeconds: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, sessionMaxAgeSeconds }) => {
  app.get(
    "/api/user",
    { schema: { response: { 200: publicUserSchema, 401: errorBodySchema } } },
    async (request) => requireUser(request),
  );

  app.post(
    "/api/register",
    { schema: { body: registerBodySchema, response: { 201: publicUserSchema } } },
    async (request, reply) => {
      await auth.checkAddress(request.ip);
      const { user, sessionToken } = await auth.register(request.body);
      setSessionCookie(request, reply, sessionToken, sessionMaxAgeSeconds);
      return reply.code(201).send(user);
    },
  );

  app.post(
    "/api/login",
    { schema: { body: loginBodySchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      await auth.checkAddress(request.ip);
      const { user, sessionToken } = await auth.login(request.body);
      // A fresh session id at every sign-in, so a session id planted before sign-in is worthless.
      const previous = readSessionToken(request);
      if (previous) await auth.logout(previous);
      setSessionCookie(request, reply, sessionToken, sessionMaxAgeSeconds);
      return user;
    },
  );

  app.delete(
    "/api/user",
    { schema: { body: deleteAccountBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.deleteAccount(user.id, request.body.password);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post("/api/logout", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await auth.logout(token);
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  });
};
