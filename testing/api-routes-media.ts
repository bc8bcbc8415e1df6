import { type RouteCase } from "./api-route-case.ts";

/** The matrix's rows for the AI, clips, shots, voices, renders, uploads and personal details. */
export const MEDIA_ROUTE_CASES: RouteCase[] = [
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
];
