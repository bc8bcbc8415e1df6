import { STAFF_ONLY, ADMIN_ONLY, type RouteCase } from "./api-route-case.ts";
import { uniqueSuffix } from "./factories.ts";

/** The matrix's rows for staff: review, board, roster, team, shares and cabin reels. */
export const STAFF_ROUTE_CASES: RouteCase[] = [
  // Lists answer every staff member, filtered to their campers (the matrix test checks nothing leaks).
  { method: "GET", route: "/api/staff/shows", url: () => "/api/staff/shows", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "GET", route: "/api/staff/board", url: () => "/api/staff/board", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "GET", route: "/api/staff/shows/:id", url: (w) => `/api/staff/shows/${w.showId}`, expect: { ...STAFF_ONLY, staff: 200, otherCabin: 404 } },
  {
    method: "POST",
    route: "/api/staff/shows/:id/review",
    url: (w) => `/api/staff/shows/${w.showId}/review`,
    payload: () => ({ decision: "approve", renderJobId: 1 }),
    // Nothing was submitted in a fresh world.
    expect: { ...STAFF_ONLY, staff: 409, otherCabin: 404 },
  },
  { method: "GET", route: "/api/staff/renders/:id/media", url: () => "/api/staff/renders/1/media", expect: { ...STAFF_ONLY, staff: 404 } },
  // The world has no finished render: every staff caller (another cabin's counselor too) gets 404; reel tests check the scope on a real one.
  { method: "GET", route: "/api/staff/renders/:id/poster", url: () => "/api/staff/renders/1/poster", expect: { ...STAFF_ONLY, staff: 404, otherCabin: 404 } },
  {
    method: "GET",
    route: "/api/staff/renders/:id/captions.vtt",
    url: () => "/api/staff/renders/1/captions.vtt",
    expect: { ...STAFF_ONLY, staff: 404 },
  },
  { method: "GET", route: "/api/staff/audit", url: () => "/api/staff/audit", expect: { ...STAFF_ONLY, staff: 200 } },
  {
    method: "GET",
    route: "/api/recordings/:id/shares",
    url: (w) => `/api/recordings/${w.showId}/shares`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/shares",
    url: (w) => `/api/recordings/${w.showId}/shares`,
    payload: () => ({ days: 7 }),
    // The world's show has no approved video: the owner hears why; staff share through their own route.
    expect: { signedOut: 401, owner: 409, otherUser: 404 },
  },
  // No link exists in a fresh world; a link of someone else's is the same 404 (shares.test.ts).
  { method: "DELETE", route: "/api/shares/:id", url: () => "/api/shares/1", expect: { signedOut: 401, owner: 404, otherUser: 404 } },
  {
    method: "GET",
    route: "/api/staff/shows/:id/shares",
    url: (w) => `/api/staff/shows/${w.showId}/shares`,
    expect: { ...STAFF_ONLY, staff: 200, otherCabin: 404 },
  },
  {
    method: "POST",
    route: "/api/staff/shows/:id/shares",
    url: (w) => `/api/staff/shows/${w.showId}/shares`,
    payload: () => ({}),
    expect: { ...STAFF_ONLY, staff: 409, otherCabin: 404 },
  },
  { method: "DELETE", route: "/api/staff/shares/:id", url: () => "/api/staff/shares/1", expect: { ...STAFF_ONLY, staff: 404 } },
  // The roster, campers, cabins and sessions (decision 027c): the matrix's staff member is the director.
  {
    method: "POST",
    route: "/api/staff/roster",
    url: () => "/api/staff/roster",
    headers: () => ({ "content-type": "text/csv" }),
    payload: () => `first_name,last_initial,cabin,session,media_release\nAva,${"ABCDEFGHJK"[Math.floor(Math.random() * 10)]},Pines,July,yes`,
    expect: { ...ADMIN_ONLY, staff: 200 },
  },
  { method: "GET", route: "/api/staff/campers", url: () => "/api/staff/campers", expect: { ...STAFF_ONLY, staff: 200 } },
  {
    method: "PATCH",
    route: "/api/staff/campers/:id",
    url: (w) => `/api/staff/campers/${w.owner.userId}`,
    payload: () => ({ mediaRelease: false }),
    expect: { ...STAFF_ONLY, staff: 200, otherCabin: 404 },
  },
  { method: "GET", route: "/api/staff/cabins", url: () => "/api/staff/cabins", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "GET", route: "/api/staff/camp-sessions", url: () => "/api/staff/camp-sessions", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "DELETE", route: "/api/staff/camp-sessions/:id", url: () => "/api/staff/camp-sessions/1", expect: { ...ADMIN_ONLY, staff: 404 } },
  // Staff management (the director, password typed again for adding and removing).
  { method: "GET", route: "/api/staff/accounts", url: () => "/api/staff/accounts", expect: { ...ADMIN_ONLY, staff: 200 } },
  {
    method: "POST",
    route: "/api/staff/accounts",
    url: () => "/api/staff/accounts",
    payload: () => ({ username: `counselor_${uniqueSuffix()}`.slice(0, 32), password: "a-brand-new-passphrase", role: "counselor", cabins: ["Pines"] }),
    expect: { ...ADMIN_ONLY, staff: 201 },
  },
  {
    method: "PATCH",
    route: "/api/staff/accounts/:id",
    url: (w) => `/api/staff/accounts/${w.staff.userId}`,
    payload: () => ({ cabins: ["Pines"] }),
    expect: { ...ADMIN_ONLY, staff: 200 },
  },
  // The director's own account is not removed here (400); anyone else's would be (204).
  { method: "DELETE", route: "/api/staff/accounts/:id", url: (w) => `/api/staff/accounts/${w.staff.userId}`, expect: { ...ADMIN_ONLY, staff: 400 } },
  // The API's OpenAPI document: public.
  { method: "GET", route: "/api/openapi.json", url: () => "/api/openapi.json", expect: { signedOut: 200, owner: 200, otherUser: 200 } },
  // Cabin reels and the closing-night zip (decision 027d): staff only; ids that name nothing are 404.
  { method: "GET", route: "/api/staff/reels/choices", url: () => "/api/staff/reels/choices", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "GET", route: "/api/staff/reels/candidates", url: () => "/api/staff/reels/candidates?cabinId=2000000000", expect: { ...STAFF_ONLY, staff: 404 } },
  {
    method: "POST",
    route: "/api/staff/reels",
    url: () => "/api/staff/reels",
    payload: (w) => ({ cabinId: 2_000_000_000, format: "youtube", captions: false, items: [{ showId: w.showId }] }),
    expect: { ...STAFF_ONLY, staff: 404 },
  },
  { method: "GET", route: "/api/staff/reels", url: () => "/api/staff/reels", expect: { ...STAFF_ONLY, staff: 200 } },
  { method: "GET", route: "/api/staff/reels/:id", url: () => "/api/staff/reels/2000000000", expect: { ...STAFF_ONLY, staff: 404 } },
  { method: "DELETE", route: "/api/staff/reels/:id", url: () => "/api/staff/reels/2000000000", expect: { ...STAFF_ONLY, staff: 404 } },
  { method: "GET", route: "/api/staff/reels/:id/media", url: () => "/api/staff/reels/2000000000/media", expect: { ...STAFF_ONLY, staff: 404 } },
  { method: "GET", route: "/api/staff/reels/:id/captions.vtt", url: () => "/api/staff/reels/2000000000/captions.vtt", expect: { ...STAFF_ONLY, staff: 404 } },
  { method: "GET", route: "/api/staff/reels/:id/shares", url: () => "/api/staff/reels/2000000000/shares", expect: { ...STAFF_ONLY, staff: 404 } },
  {
    method: "POST",
    route: "/api/staff/reels/:id/shares",
    url: () => "/api/staff/reels/2000000000/shares",
    payload: () => ({ days: 7 }),
    expect: { ...STAFF_ONLY, staff: 404 },
  },
  {
    method: "DELETE",
    route: "/api/staff/reels/:id/shares/:shareId",
    url: () => "/api/staff/reels/2000000000/shares/1",
    expect: { ...STAFF_ONLY, staff: 404 },
  },
  { method: "GET", route: "/api/staff/cabins/:id/approved.zip", url: () => "/api/staff/cabins/2000000000/approved.zip", expect: { ...STAFF_ONLY, staff: 404 } },
];
