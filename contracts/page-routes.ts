import { parseId } from "./ids-constants.ts";
import { PROFILE_RECENT_SHOWS, SHOWS_LIST_PAGE_SIZE } from "./product.ts";

/**
 * Which page of the client each path opens, by the page's name: the name of its module
 * (web/src/app/create/CreatePage.tsx) and of the component it exports. The client starts a page's
 * code from it (links, web/src/app/pages.ts); the server writes that page's chunks into the HTML as
 * preload links (server/http/page-preloads.ts), so they download beside the app's own bundle. The sign-in
 * page is in that bundle already, so it has no row. A pattern's groups are the ids a page reads from its
 * path (PAGE_DATA).
 */
export const PAGE_ROUTES = [
  ["CreatePage", /^\/(?:home|record|edit)$/],
  ["ShowsPage", /^\/shows$/],
  ["ShowDetailPage", /^\/shows\/([^/]+)$/],
  ["NarrationEditorPage", /^\/shows\/([^/]+)\/narration$/],
  ["ShotsPage", /^\/shows\/([^/]+)\/shots$/],
  ["ProfilePage", /^\/profile$/],
  ["VoiceSettingsPage", /^\/voice-settings$/],
  ["LegalPage", /^\/(?:privacy|terms|cookies)$/],
  ["PricingPage", /^\/pricing$/],
  ["CardSignInPage", /^\/card$/],
  ["StaffBoardPage", /^\/staff$/],
  ["StaffShowsPage", /^\/staff\/shows$/],
  ["StaffShowPage", /^\/staff\/shows\/([^/]+)$/],
  ["StaffAuditPage", /^\/staff\/audit$/],
  ["CabinCardsPage", /^\/staff\/cabins\/([^/]+)\/cards$/],
  ["RosterPage", /^\/staff\/roster$/],
  ["TeamPage", /^\/staff\/team$/],
  ["ReelsPage", /^\/staff\/reels$/],
  ["NewReelPage", /^\/staff\/reels\/new$/],
] as const satisfies readonly (readonly [string, RegExp])[];

export type PageName = (typeof PAGE_ROUTES)[number][0];

/** The page a path (query and fragment ignored) opens, or undefined for the sign-in page and unknown paths. */
export function pageNameForPath(path: string): PageName | undefined {
  const clean = path.split(/[?#]/)[0]!;
  return PAGE_ROUTES.find(([, pattern]) => pattern.test(clean))?.[0];
}

/**
 * Who is signed in: the first thing every page but the sign-in page asks (web/src/features/auth). The
 * server names it in the page as a preload, so the answer is on its way while the app's code downloads.
 */
export const CURRENT_USER_PATH = "/api/user";

/**
 * What each page asks the API for as it opens, from the ids in its path (PAGE_ROUTES' groups, in order):
 * the server names these as preloads in the page's answer (server/http/page-preloads.ts), so they are on
 * their way while the app's code downloads, all at once, instead of one after another once the page has
 * rendered (the show page asked for its renders, review and shares only after the show had come). The
 * client's own requests then take those answers. Only what a page asks for whatever the answers say;
 * e2e/page-data-preloads.e2e.ts opens each page and checks this list is exactly what it asked for.
 */
export const PAGE_DATA: { readonly [Name in PageName]?: (ids: readonly number[]) => readonly string[] } = {
  CreatePage: () => ["/api/ai/status"],
  ShowsPage: () => [`/api/recordings?limit=${SHOWS_LIST_PAGE_SIZE}`],
  ShowDetailPage: ([show]) => [`/api/recordings/${show}`, `/api/recordings/${show}/renders`, `/api/recordings/${show}/review`, `/api/recordings/${show}/shares`],
  NarrationEditorPage: ([show]) => [
    `/api/recordings/${show}`,
    `/api/recordings/${show}/sections`,
    `/api/recordings/${show}/length`,
    `/api/recordings/${show}/renders`,
    "/api/music",
    "/api/voice/status",
  ],
  ShotsPage: ([show]) => [`/api/recordings/${show}`, `/api/recordings/${show}/shots`, `/api/clips?showId=${show}`],
  ProfilePage: () => [`/api/recordings?limit=${PROFILE_RECENT_SHOWS}`, "/api/retention", "/api/user/export/allowance", "/api/user/sign-in-methods"],
  VoiceSettingsPage: () => ["/api/voice/sample"],
  StaffBoardPage: () => ["/api/staff/cabins", "/api/staff/board"],
  // The list opens on what waits for review. (The director's retention and camp-settings panels are not
  // named: the server does not look up who is signed in to send a page, and a counselor's page never asks.)
  StaffShowsPage: () => ["/api/staff/shows?state=waiting"],
  StaffShowPage: ([show]) => [`/api/staff/shows/${show}`, `/api/staff/shows/${show}/shares`],
  StaffAuditPage: () => ["/api/staff/audit"],
  RosterPage: () => ["/api/staff/camp-sessions"],
  TeamPage: () => ["/api/staff/accounts"],
  ReelsPage: () => ["/api/staff/reels"],
  NewReelPage: () => ["/api/staff/reels/choices"],
};

/**
 * The API answers the page at `path` asks for as it opens (PAGE_DATA), or none: for an address with a
 * query (a page's filters may change what it asks), an unknown page, or an id that names nothing (the
 * page asks for nothing then either).
 */
export function pageDataForPath(path: string): readonly string[] {
  if (/[?#]/.test(path)) return [];
  for (const [name, pattern] of PAGE_ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    const ids = match.slice(1).map((raw) => parseId(raw));
    const data = PAGE_DATA[name];
    if (!data || ids.some((id) => id === null)) return [];
    return data(ids as number[]);
  }
  return [];
}
