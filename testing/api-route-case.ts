import type { App } from "../server/app.ts";
import type { SignedInClient } from "./test-app.ts";

/**
 * Every /api route with the status each kind of caller gets: signed out, the owner of the
 * resource, another signed-in camper, and camp staff (who get what another camper gets unless the
 * case says otherwise: staff read every show through /api/staff routes, never change one). The authorization matrix test runs every cell, and
 * fails when a route exists that this table does not list, so each new route must be added here.
 *
 * Staff come three ways (decision 027a): the director (`staff`, an admin), a counselor of the owner's
 * cabin (`counselor`, who gets what the director gets unless the case says otherwise) and a counselor
 * of another cabin (`otherCabin`, who gets what `counselor` gets unless the case says otherwise: a route
 * that names a camper, show, render or link of the owner's answers them 404, as a missing record would).
 */
export interface MatrixWorld {
  app: App;
  owner: SignedInClient;
  other: SignedInClient;
  staff: SignedInClient;
  /** A counselor of the owner's cabin (made only for the cells that ask as one). */
  counselor?: SignedInClient;
  /** A counselor of another cabin only (likewise). */
  otherCabin?: SignedInClient;
  showId: number;
  clipId: number;
  /** The one shot of the owner's show (its narration is one sentence). */
  shotId: number;
  /** A started tus upload of the owner's, e.g. /api/uploads/<uuid>. */
  uploadUrl: string;
}

export interface RouteCase {
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT" | "OPTIONS";
  /** The route as Fastify knows it (with :params). */
  route: string;
  url(world: MatrixWorld): string;
  payload?(world: MatrixWorld): unknown;
  headers?(world: MatrixWorld): Record<string, string>;
  expect: { signedOut: number; owner: number; otherUser: number; staff?: number; counselor?: number; otherCabin?: number };
}

/** The status a caller expects: each staff kind falls back to the one above it (see the table's comment). */
export function expectedStatus(routeCase: RouteCase, caller: "signedOut" | "owner" | "otherUser" | "staff" | "counselor" | "otherCabin"): number {
  const e = routeCase.expect;
  const staff = e.staff ?? e.otherUser;
  const counselor = e.counselor ?? staff;
  if (caller === "staff") return staff;
  if (caller === "counselor") return counselor;
  if (caller === "otherCabin") return e.otherCabin ?? counselor;
  return e[caller];
}

/** Staff-only routes: signed out 401, any camper 403. */
export const STAFF_ONLY = { signedOut: 401, owner: 403, otherUser: 403 } as const;
/** The director's alone (retention): counselors 403 like campers. */
export const ADMIN_ONLY = { ...STAFF_ONLY, counselor: 403, otherCabin: 403 } as const;
