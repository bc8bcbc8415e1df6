import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginBodySchema, publicUserSchema, registerBodySchema } from "../../../contracts/auth.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { requireUser } from "../../http/authenticate.ts";
import { clearSessionCookie, readDeviceToken, readSessionToken, setDeviceCookie, setSessionCookie } from "../../http/session-cookie.ts";
import type { AuthService, SignInClient } from "./auth.service.ts";

/** request.ip is the client's address as the trusted proxies (TRUST_PROXY) report it, else the socket's. */
const clientOf = (request: FastifyRequest): SignInClient => ({ address: request.ip, deviceToken: readDeviceToken(request) });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    "/api/user",
    { schema: { response: { 200: publicUserSchema, 401: errorBodySchema } } },
    async (request) => requireUser(request),
  );

  app.post(
    "/api/register",
    { schema: { body: registerBodySchema, response: { 201: publicUserSchema } } },
    async (request, reply) => {
      const { user, sessionToken, sessionMaxAgeSeconds, deviceToken } = await auth.register(request.body, clientOf(request));
      setSessionCookie(request, reply, sessionToken, sessionMaxAgeSeconds);
      setDeviceCookie(request, reply, deviceToken);
      return reply.code(201).send(user);
    },
  );

  app.post(
    "/api/login",
    { schema: { body: loginBodySchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const { user, sessionToken, sessionMaxAgeSeconds, deviceToken } = await auth.login(request.body, clientOf(request));
      // A fresh session id at every sign-in, so a session id planted before sign-in is worthless.
      const previous = readSessionToken(request);
      if (previous) await auth.logout(previous);
      setSessionCookie(request, reply, sessionToken, sessionMaxAgeSeconds);
      setDeviceCookie(request, reply, deviceToken);
      return user;
    },
  );

  // "I'm still here" on a shared tablet, and the client's beat while a camper works: the idle clock restarts.
  app.post("/api/session/keepalive", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    requireUser(request);
    await auth.keepAlive(readSessionToken(request)!);
    return reply.code(204).send(null);
  });

  app.post("/api/logout", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await auth.logout(token);
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  });
};
