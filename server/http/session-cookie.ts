import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "ss_session";

export function readSessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
}

/**
 * The device cookie (OWASP's "device cookies"): sent only to sign-in, it tells the server this browser
 * has signed in to an account before, so a stranger's failed guesses do not lock it out.
 */
export const DEVICE_COOKIE = "ss_device";
const DEVICE_COOKIE_PATH = "/api/login";
const DEVICE_COOKIE_MAX_AGE = 365 * 86_400;

export function readDeviceToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[DEVICE_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}
