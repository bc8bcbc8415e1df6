import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginBodySchema, loginCodeBodySchema, publicUserSchema, registerBodySchema } from "../../../contracts/auth.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { requireUser } from "../../http/authenticate.ts";
import { clearSessionCookie, readDeviceToken, readSessionToken, setDeviceCookie, setSessionCookie } from "../../http/session-cookie.ts";
import type { AuthService, SignedIn, SignInClient } from "./auth.service.ts";

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

  /** The cookies of a sign-in, by password or by card: a fresh session id every time, so one planted before is worthless. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn & { deviceToken: string }) {
    const previous = readSessionToken(request);
    if (previous) await auth.logout(previous);
    setSessionCookie(request, reply, signedIn.sessionToken, signedIn.sessionMaxAgeSeconds);
    setDeviceCookie(request, reply, signedIn.deviceToken);
    return signedIn.user;
  }

  app.post(
    "/api/login",
    { schema: { body: loginBodySchema, response: { 200: publicUserSchema } } },
    async (request, reply) => startSession(request, reply, await auth.login(request.body, clientOf(request))),
  );

  // A sign-in card's code (decision 027b): the same answer, cookies and limits as a password.
  app.post(
    "/api/login/code",
    { schema: { body: loginCodeBodySchema, response: { 200: publicUserSchema } } },
    async (request, reply) => startSession(request, reply, await auth.loginWithCode(request.body, clientOf(request))),
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
