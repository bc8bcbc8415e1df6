import { CURRENT_USER_PATH } from "../../../contracts/page-routes.ts";

const SHOWS = "/api/recordings";
const CLIPS = "/api/clips";
const STAFF = "/api/staff";
const REELS = "/api/staff/reels";

/**
 * Every TanStack Query key of the client, one per resource and shared by every screen: a show is
 * cached once, so what one screen saves is what the next one reads. A key is a prefix of the keys
 * below it: every key of a show starts with ["/api/recordings", "{id}"], so invalidating the show
 * refreshes its clips, voice-over and renders too; every staff key starts with ["/api/staff"].
 */
export const apiKeys = {
  /** Who is signed in (GET /api/user); signing in or out clears every other query. */
  currentUser: [CURRENT_USER_PATH] as const,
  signInMethods: ["/api/user/sign-in-methods"] as const,
  exportAllowance: ["/api/user/export/allowance"] as const,
  retention: ["/api/retention"] as const,
  /** The camp's name and colours, read once from the page (prerendered) or GET /api/app-info. */
  appInfo: ["/api/app-info"] as const,
  idleSetting: ["/api/camp-settings/idle"] as const,
  aiStatus: ["/api/ai/status"] as const,
  voiceStatus: ["/api/voice/status"] as const,
  voiceSample: ["/api/voice/sample"] as const,

  showsRoot: [SHOWS] as const,
  /** The list keys add a marker segment so their cached shape never collides with a plain ["/api/recordings"] query. */
  showPages: (limit: number) => [SHOWS, "pages", { limit }] as const,
  showsRecent: (limit: number) => [SHOWS, "recent", { limit }] as const,
  show: (id: number | string) => [SHOWS, String(id)] as const,
  /** The mutation key of a show's final-video choices (use-show-choices.ts). */
  showChoices: (id: number) => ["show-choices", String(id)] as const,
  showRenders: (showId: number | string) => [SHOWS, String(showId), "renders"] as const,
  voiceOver: (showId: number | string) => [SHOWS, String(showId), "voice-over"] as const,
  showReview: (showId: number | string) => [SHOWS, String(showId), "review"] as const,
  showShares: (showId: number | string) => [SHOWS, String(showId), "shares"] as const,
  personalDetails: (showId: number) => [SHOWS, String(showId), "personal-details"] as const,
  /** The show's shot list (record to the script): every shot change answers the whole list. */
  showShots: (showId: number | string) => [SHOWS, String(showId), "shots"] as const,
  /** What is in the show's video, in order (the editor's sections); a take chosen or a trim asks again. */
  showSections: (showId: number | string) => [SHOWS, String(showId), "sections"] as const,
  /** Every length of the show, whichever voice it was asked for. */
  showLengths: (showId: number | string) => [SHOWS, String(showId), "length"] as const,
  /** The clips' total next to the voice's length; a new voice, script or trim asks again. */
  showLength: (showId: number | string, voice?: string | null) => [SHOWS, String(showId), "length", voice ?? "show's voice"] as const,
  render: (id: number | string) => ["/api/renders", String(id)] as const,
  /** The music library (GET /api/music): the same for everyone, asked for once the final video's choices show. */
  music: ["/api/music"] as const,

  /** Every clips list starts with this key, so invalidating it refreshes them all. */
  clipsRoot: [CLIPS] as const,
  clips: (showId: number | null) => [CLIPS, "list", showId === null ? "loose" : showId] as const,
  /** A clip's captions for its trim and the script they are matched to. */
  clipCaptions: (clipId: number | undefined, trimStart: number | undefined, trimEnd: number | undefined, script: string) =>
    [CLIPS, String(clipId), "captions", trimStart, trimEnd, script] as const,

  /** Every staff query: a change to a camper, a show's review or the roster refreshes them all. */
  staffRoot: [STAFF] as const,
  staffShows: (query: string) => [STAFF, "shows", query] as const,
  /** Every staff show page (a decision refused for a personal detail asks again). */
  staffShowsDetail: [STAFF, "show"] as const,
  staffShow: (showId: string) => [STAFF, "show", showId] as const,
  staffShowShares: (showId: number) => [STAFF, "shares", String(showId)] as const,
  staffAudit: [STAFF, "audit"] as const,
  staffBoard: (query: string) => [STAFF, "board", query] as const,
  staffCabins: [STAFF, "cabins"] as const,
  campSessions: [STAFF, "camp-sessions"] as const,
  staffAccounts: [STAFF, "accounts"] as const,
  campSettings: ["/api/staff/camp-settings"] as const,
  staffRetention: ["/api/staff/retention"] as const,

  /** Every reel query starts with this key: making, deleting or sharing a reel refreshes them all. */
  reelsRoot: [REELS] as const,
  reelChoices: [REELS, "choices"] as const,
  reelCandidates: (group: string) => [REELS, "candidates", group] as const,
  reels: [REELS, "list"] as const,
  reelShares: (id: number) => [REELS, String(id), "shares"] as const,
};
