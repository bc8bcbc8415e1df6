import type { App } from "../server/app.ts";
import { placeCamper } from "./camp.ts";
import { buildCredentials, buildShowBody, uniqueSuffix } from "./factories.ts";
import { webmFixture } from "./media-fixtures.ts";
import { confirmStaffPassword, createShow, registerCamper, registerStaff, type SignedInClient } from "./test-app.ts";
import { tusCreate, uploadClip } from "./uploads.ts";

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
const STAFF_ONLY = { signedOut: 401, owner: 403, otherUser: 403 } as const;
/** The director's alone (retention): counselors 403 like campers. */
const ADMIN_ONLY = { ...STAFF_ONLY, counselor: 403, otherCabin: 403 } as const;

export const API_ROUTE_CASES: RouteCase[] = [
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
  { method: "GET", route: "/api/ai/status", url: () => "/api/ai/status", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/clips", url: () => "/api/clips?loose=true", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/clips/:id", url: (w) => `/api/clips/${w.clipId}`, expect: { signedOut: 401, owner: 200, otherUser: 404 } },
  {
    method: "PATCH",
    route: "/api/clips/:id",
    url: (w) => `/api/clips/${w.clipId}`,
    payload: () => ({ title: "Renamed" }),
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  { method: "DELETE", route: "/api/clips/:id", url: (w) => `/api/clips/${w.clipId}`, expect: { signedOut: 401, owner: 204, otherUser: 404 } },
  { method: "GET", route: "/api/clips/:id/media", url: (w) => `/api/clips/${w.clipId}/media`, expect: { signedOut: 401, owner: 200, otherUser: 404 } },
  { method: "GET", route: "/api/clips/:id/poster", url: (w) => `/api/clips/${w.clipId}/poster`, expect: { signedOut: 401, owner: 200, otherUser: 404 } },
  // The matrix's clip is a silent test picture, so its owner hears "no captions" (204, empty).
  { method: "GET", route: "/api/clips/:id/captions.vtt", url: (w) => `/api/clips/${w.clipId}/captions.vtt`, expect: { signedOut: 401, owner: 204, otherUser: 404 } },
  // The matrix's clip is a free recording: its owner hears it has no shot's lines to check (400).
  {
    method: "POST",
    route: "/api/clips/:id/script-check",
    url: (w) => `/api/clips/${w.clipId}/script-check`,
    payload: () => ({ transcript: "hello" }),
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  {
    method: "PUT",
    route: "/api/recordings/:id/clips",
    url: (w) => `/api/recordings/${w.showId}/clips`,
    payload: (w) => ({ clipIds: [w.clipId] }),
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  { method: "GET", route: "/api/recordings/:id/shots", url: (w) => `/api/recordings/${w.showId}/shots`, expect: { signedOut: 401, owner: 200, otherUser: 404 } },
  { method: "GET", route: "/api/recordings/:id/sections", url: (w) => `/api/recordings/${w.showId}/sections`, expect: { signedOut: 401, owner: 200, otherUser: 404 } },
  {
    method: "PATCH",
    route: "/api/recordings/:id/shots/:shotId",
    url: (w) => `/api/recordings/${w.showId}/shots/${w.shotId}`,
    payload: () => ({ chosenClipId: null }),
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/shots/:shotId/split",
    url: (w) => `/api/recordings/${w.showId}/shots/${w.shotId}/split`,
    payload: () => ({ beforeSentence: 1 }),
    // The world's shot is one sentence: its owner hears it cannot split; nobody else learns it exists.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/shots/:shotId/merge",
    url: (w) => `/api/recordings/${w.showId}/shots/${w.shotId}/merge`,
    // The only shot is the last one: nothing to merge with.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  { method: "GET", route: "/api/voice/status", url: () => "/api/voice/status", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/voice/preview", url: () => "/api/voice/preview?voice=slt", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  {
    method: "POST",
    route: "/api/recordings/:id/clone-voice",
    url: (w) => `/api/recordings/${w.showId}/clone-voice`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "GET",
    route: "/api/recordings/:id/voice-over",
    url: (w) => `/api/recordings/${w.showId}/voice-over`,
    // The owner has no voice-over yet in a fresh world: 200 with null (an answer, not an error); another camper's show is 404.
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "GET",
    route: "/api/voice-overs/:id/media",
    url: () => "/api/voice-overs/1/media",
    expect: { signedOut: 401, owner: 404, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/voice/save-sample",
    url: () => "/api/voice/save-sample",
    headers: () => ({ "content-type": "multipart/form-data; boundary=x" }),
    payload: () => "--x\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nno file\r\n--x--\r\n",
    expect: { signedOut: 401, owner: 400, otherUser: 400 },
  },
  // Each camper's own sample: none saved yet is 200 with null.
  { method: "GET", route: "/api/voice/sample", url: () => "/api/voice/sample", expect: { signedOut: 401, owner: 200, otherUser: 200 } },
  { method: "GET", route: "/api/voice/sample/media", url: () => "/api/voice/sample/media", expect: { signedOut: 401, owner: 404, otherUser: 404 } },
  { method: "DELETE", route: "/api/voice/sample", url: () => "/api/voice/sample", expect: { signedOut: 401, owner: 404, otherUser: 404 } },
  {
    method: "POST",
    route: "/api/recordings/:id/renders",
    url: (w) => `/api/recordings/${w.showId}/renders`,
    // The world's show has no clips on it: the owner hears why; nobody else learns it exists.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  {
    method: "GET",
    route: "/api/recordings/:id/renders",
    url: (w) => `/api/recordings/${w.showId}/renders`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "GET",
    route: "/api/recordings/:id/length",
    url: (w) => `/api/recordings/${w.showId}/length`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/fit-script",
    url: (w) => `/api/recordings/${w.showId}/fit-script`,
    // The world's show has no clips: the owner hears why, nobody else learns it exists.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  { method: "GET", route: "/api/renders/:id", url: () => "/api/renders/1", expect: { signedOut: 401, owner: 404, otherUser: 404 } },
  { method: "GET", route: "/api/renders/:id/media", url: () => "/api/renders/1/media", expect: { signedOut: 401, owner: 404, otherUser: 404 } },
  {
    method: "GET",
    route: "/api/renders/:id/captions.vtt",
    url: () => "/api/renders/1/captions.vtt",
    expect: { signedOut: 401, owner: 404, otherUser: 404 },
  },
  { method: "OPTIONS", route: "/api/uploads", url: () => "/api/uploads", expect: { signedOut: 204, owner: 204, otherUser: 204 } },
  {
    method: "POST",
    route: "/api/uploads",
    url: () => "/api/uploads",
    headers: () => ({ "tus-resumable": "1.0.0", "upload-defer-length": "1" }),
    expect: { signedOut: 401, owner: 201, otherUser: 201 },
  },
  {
    method: "PATCH",
    route: "/api/uploads/:id",
    url: (w) => w.uploadUrl,
    headers: () => ({ "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" }),
    payload: () => Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]),
    expect: { signedOut: 401, owner: 204, otherUser: 404 },
  },
  {
    method: "DELETE",
    route: "/api/uploads/:id",
    url: (w) => w.uploadUrl,
    headers: () => ({ "tus-resumable": "1.0.0" }),
    expect: { signedOut: 401, owner: 204, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings",
    url: () => "/api/recordings",
    headers: () => ({ "content-type": "multipart/form-data; boundary=x" }),
    payload: () => "--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nNo video\r\n--x--\r\n",
    expect: { signedOut: 401, owner: 400, otherUser: 400 },
  },
  {
    method: "GET",
    route: "/api/recordings/:id/review",
    url: (w) => `/api/recordings/${w.showId}/review`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/review",
    url: (w) => `/api/recordings/${w.showId}/review`,
    payload: () => ({ message: "Ready!" }),
    // The world's show has no finished video: the owner hears why; staff cannot submit for a camper.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  {
    method: "GET",
    route: "/api/recordings/:id/personal-details",
    url: (w) => `/api/recordings/${w.showId}/personal-details`,
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/personal-details/keep",
    url: (w) => `/api/recordings/${w.showId}/personal-details/keep`,
    payload: () => ({ kind: "phone", phrase: "555-123-4567" }),
    // The world's show has nothing flagged to keep.
    expect: { signedOut: 401, owner: 400, otherUser: 404 },
  },
  {
    method: "POST",
    route: "/api/recordings/:id/personal-details/unkeep",
    url: (w) => `/api/recordings/${w.showId}/personal-details/unkeep`,
    payload: () => ({ kind: "phone", phrase: "555-123-4567" }),
    expect: { signedOut: 401, owner: 200, otherUser: 404 },
  },
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

/**
 * A fresh owner (in a cabin of their own) with one show, one clip and one started upload, another
 * camper, the director and (unless `counselors` is false: each costs password hashes) a counselor of the
 * owner's cabin and one of another cabin, the staff having just typed the password again (as the staff
 * pages ask before exports and retention), for one cell.
 */
export async function buildMatrixWorld(app: App, { counselors = true }: { counselors?: boolean } = {}): Promise<MatrixWorld> {
  const owner = await registerCamper(app);
  const other = await registerCamper(app);
  const cabin = `Pines ${uniqueSuffix()}`;
  await placeCamper(owner.userId, cabin);
  const staff = await registerStaff(app);
  const counselor = counselors ? await registerStaff(app, {}, { role: "counselor", cabins: [cabin] }) : undefined;
  const otherCabin = counselors ? await registerStaff(app, {}, { role: "counselor", cabins: [`Oaks ${uniqueSuffix()}`] }) : undefined;
  for (const member of [staff, counselor, otherCabin]) if (member) await confirmStaffPassword(app, member);
  const show = await createShow(app, owner.cookie);
  const clip = await uploadClip(app, owner, await webmFixture(1));
  const uploadUrl = await tusCreate(app, owner, {});
  const shots = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: owner.cookie } });
  const shotId = (shots.json() as { shots: { id: number }[] }).shots[0]?.id;
  if (shots.statusCode !== 200 || shotId === undefined) throw new Error(`shot list failed: ${shots.statusCode} ${shots.body}`);
  return { app, owner, other, staff, counselor, otherCabin, showId: show.id, clipId: clip.id, shotId, uploadUrl };
}
