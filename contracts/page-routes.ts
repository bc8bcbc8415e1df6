/**
 * Which page of the client each path opens, by the page's name: the name of its module
 * (web/src/features/.../CreatePage.tsx) and of the component it exports. The client starts a page's
 * code from it (links, web/src/app/pages.ts); the server writes that page's chunks into the HTML as
 * preload links (server/http/page-preloads.ts), so they download beside the app's own bundle. The sign-in
 * page is in that bundle already, so it has no row.
 */
export const PAGE_ROUTES = [
  ["CreatePage", /^\/(home|record|edit)$/],
  ["ShowsPage", /^\/shows$/],
  ["ShowDetailPage", /^\/shows\/[^/]+$/],
  ["NarrationEditorPage", /^\/shows\/[^/]+\/narration$/],
  ["ShotsPage", /^\/shows\/[^/]+\/shots$/],
  ["ProfilePage", /^\/profile$/],
  ["VoiceSettingsPage", /^\/voice-settings$/],
  ["LegalPage", /^\/(privacy|terms|cookies)$/],
  ["PricingPage", /^\/pricing$/],
  ["CardSignInPage", /^\/card$/],
  ["StaffBoardPage", /^\/staff$/],
  ["StaffShowsPage", /^\/staff\/shows$/],
  ["StaffShowPage", /^\/staff\/shows\/[^/]+$/],
  ["StaffAuditPage", /^\/staff\/audit$/],
  ["CabinCardsPage", /^\/staff\/cabins\/[^/]+\/cards$/],
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
