import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_MESSAGES, isStaffRole, type PublicUser } from "../../contracts/auth.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";
import { forbidden, unauthorized } from "./errors.ts";
import { readSessionToken } from "./session-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie before any /api handler runs. */
    user: PublicUser | null;
    /** The session's password was typed again within the last few minutes (POST /api/staff/reauth). */
    passwordConfirmed: boolean;
  }
}

export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("user", null);
  app.decorateRequest("passwordConfirmed", false);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = readSessionToken(request);
    const session = token ? await auth.session(token) : undefined;
    request.user = session?.user ?? null;
    request.passwordConfirmed = session?.recentlyConfirmed ?? false;
  });
}

/** The signed-in user, or a 401 for anyone else. Use in every handler that needs an account. */
export function requireUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.signedOut);
  return request.user;
}

/**
 * A signed-in staff member (admin or counselor), 401 when signed out, 403 for a camper. What a
 * counselor may reach of a camper is their cabins' only: ask StaffScopes (modules/staff/staff-scope.ts).
 */
export function requireStaff(request: FastifyRequest): PublicUser {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden(AUTH_MESSAGES.staffOnly);
  return user;
}

/** The camp director (admin): staff accounts, the roster, retention, camp settings. 403 for counselors. */
export function requireAdmin(request: FastifyRequest): PublicUser {
  const user = requireStaff(request);
  if (user.role !== "admin") throw forbidden(AUTH_MESSAGES.adminOnly);
  return user;
}

/**
 * A staff member who typed their password again in the last few minutes, for what a borrowed
 * unlocked laptop must not do: a camper's data leaving the app, the retention rule changing.
 */
export function requireConfirmedStaff(request: FastifyRequest): PublicUser {
  return assertPasswordConfirmed(requireStaff(request), request.passwordConfirmed);
}

/** The same rule for a service that first asks something else of the staff member (their reach): 403 without it. */
export function assertPasswordConfirmed(staff: PublicUser, passwordConfirmed: boolean): PublicUser {
  if (!passwordConfirmed) throw forbidden(AUTH_MESSAGES.passwordAgain);
  return staff;
}
