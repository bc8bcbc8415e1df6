import { STAFF_ONLY, ADMIN_ONLY, type RouteCase } from "./api-route-case.ts";
import { buildCredentials, buildShowBody } from "./factories.ts";

/** The matrix's rows for the app, a camper's account and session, camp settings, exports, retention and shows. */
export const ACCOUNT_ROUTE_CASES: RouteCase[] = [
  { method: "GET", route: "/api/app-info", url: () => "/api/app-info", expect: { signedOut: 200, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/music", url: () => "/api/music", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/music/:id/audio", url: () => "/api/music/still-lake/audio", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/user", url: () => "/api/user", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  {
    method: "POST",
    route: "/api/register",
    url: () => "/api/register",
    payload: () => buildCredentials(),
    expect: { signedOut: 201, owner: 201, otherUser: 201 },
  },
  {
    method: "POST",
    route: "/api/login",
    url: () => "/api/login",
    payload: (w) => w.owner.credentials,
    expect: { signedOut: 200, owner: 200, otherUser: 200 },
  },
  {
    method: "DELETE",
    route: "/api/user",
    url: () => "/api/user",
    // Every factory camper shares the default password, so each caller deletes their own account.
    payload: (w) => ({ password: w.owner.credentials.password }),
    expect: { signedOut: 401, owner: 204, otherUser: 204 },
  },
  { method: "POST", route: "/api/logout", url: () => "/api/logout", expect: { signedOut: 204, owner: 204, otherUser: 204 } },
  { method: "POST", route: "/api/session/keepalive", url: () => "/api/session/keepalive", expect: { signedOut: 401, owner: 204, otherUser: 204 } },
  { method: "GET", route: "/api/camp-settings/idle", url: () => "/api/camp-settings/idle", expect: { signedOut: 200, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/staff/camp-settings", url: () => "/api/staff/camp-settings", expect: { ...STAFF_ONLY, staff: 200 } },
  {
    method: "PUT",
    route: "/api/staff/camp-settings",
    url: () => "/api/staff/camp-settings",
    // The defaults again, so the other cases run under the settings they expect.
    payload: () => ({ campName: "Summer Stories Camp", camperIdleMinutes: 15 }),
    expect: { ...ADMIN_ONLY, staff: 200 },
  },
  {
    method: "PUT",
    route: "/api/user/password",
    url: () => "/api/user/password",
    // Every factory account shares the default password, so each caller changes their own.
    payload: (w) => ({ currentPassword: w.owner.credentials.password, newPassword: "a-brand-new-passphrase" }),
    expect: { signedOut: 401, owner: 204, otherUser: 204 },
  },
  { method: "GET", route: "/api/user/sign-in-methods", url: () => "/api/user/sign-in-methods", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  {
    method: "POST",
    route: "/api/login/code",
    url: () => "/api/login/code",
    // The matrix world's campers registered with passwords and have no cards: a code signs nobody in.
    payload: () => ({ code: "KQ7M-3XPR" }),
    expect: { signedOut: 401, owner: 401, otherUser: 401 },
  },
  {
    method: "POST",
    route: "/api/staff/campers/:id/card",
    url: (w) => `/api/staff/campers/${w.owner.userId}/card`,
    expect: { ...STAFF_ONLY, staff: 200, otherCabin: 404 },
  },
  {
    method: "PUT",
    route: "/api/staff/campers/:id/password",
    url: (w) => `/api/staff/campers/${w.owner.userId}/password`,
    payload: () => ({ password: "a-camper-chosen-passphrase" }),
    expect: { ...STAFF_ONLY, staff: 204, otherCabin: 404 },
  },
  {
    method: "POST",
    route: "/api/staff/cabins/:id/cards",
    // The matrix world has no cabin, so staff are told this one does not exist (cards.routes.test.ts issues real sheets).
    url: () => "/api/staff/cabins/2147483000/cards",
    expect: { ...STAFF_ONLY, staff: 404 },
  },
  { method: "POST", route: "/api/user/sign-out-others", url: () => "/api/user/sign-out-others", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  {
    method: "POST",
    route: "/api/staff/reauth",
    url: () => "/api/staff/reauth",
    payload: (w) => ({ password: w.staff.credentials.password }),
    expect: { ...STAFF_ONLY, staff: 200 },
  },
  // Your data, yours to take: the session names whose archive it is; staff download any camper's.
  { method: "GET", route: "/api/user/export", url: () => "/api/user/export", expect: { signedOut: 401, owner: 200, otherUser: 200, staff: 200 } },
  { method: "GET", route: "/api/user/export/allowance", url: () => "/api/user/export/allowance", expect: { signedOut: 401, owner: 200, otherUser: 200, staff: 200 } },
  {
    method: "GET",
    route: "/api/staff/campers/:id/export",
    url: (w) => `/api/staff/campers/${w.owner.userId}/export`,
    expect: { ...STAFF_ONLY, staff: 200, otherCabin: 404 },
  },
  { method: "GET", route: "/api/retention", url: () => "/api/retention", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/staff/retention", url: () => "/api/staff/retention", expect: { ...ADMIN_ONLY, staff: 200 } },
  {
    method: "PUT",
    route: "/api/staff/retention",
    url: () => "/api/staff/retention",
    payload: () => ({ startsOn: "2099-08-31", afterDays: 30 }),
    expect: { ...ADMIN_ONLY, staff: 200 },
  },
  { method: "DELETE", route: "/api/staff/retention", url: () => "/api/staff/retention", expect: { ...ADMIN_ONLY, staff: 204 } },
  { method: "GET", route: "/api/recordings", url: () => "/api/recordings", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  {
    method: "GET",
    route: "/api/recordings/:id",
    url: (w) => `/api/recordings/${w.showId}`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/narrations",
    url: () => "/api/narrations",
    payload: () => buildShowBody(),
    expect: { signedOut: 401, owner: 201, otherUser: 201 },
  },
  {
    method: "PATCH",
    route: "/api/recordings/:id",
    url: (w) => `/api/recordings/${w.showId}`,
    payload: () => ({ title: "Changed" }),
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "DELETE",
    route: "/api/recordings/:id",
    url: (w) => `/api/recordings/${w.showId}`,
    expect: { signedOut: 401, owner: 204, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/ai/generate-reflection",
    url: () => "/api/ai/generate-reflection",
    payload: () => ({ responses: ["We made videos at the lake."] }),
    expect: { signedOut: 401, owner: 200, otherUser: 200 },
  },
  {
    method: "POST",
    route: "/api/ai/custom-request",
    url: () => "/api/ai/custom-request",
    payload: () => ({ currentContent: "we made videos. it was fun", customPrompt: "fix punctuation" }),
    expect: { signedOut: 401, owner: 200, otherUser: 200 },
  },
  {
    method: "POST",
    route: "/api/ai/chat",
    url: () => "/api/ai/chat",
    payload: () => ({ messages: [{ role: "user", content: "How do I save?" }] }),
    expect: { signedOut: 401, owner: 200, otherUser: 200 },
  },
  {
    method: "POST",
    route: "/api/generate-title",
    url: () => "/api/generate-title",
    payload: () => ({ content: "We made videos at the lake." }),
    expect: { signedOut: 401, owner: 200, otherUser: 200 },
  },
];
