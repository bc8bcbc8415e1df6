import { pageNameForPath, type PageName } from "../../../contracts/page-routes.ts";
import { lazyPage } from "./lazy-page.ts";

/**
 * Every page but the sign-in page is its own chunk, so a camper's first visit downloads only what signing
 * in needs. Links and pages call `preload()` on these when the next page is likely (see prefetch.ts).
 */
export const pages = {
  CreatePage: lazyPage(() => import("../features/create/CreatePage.tsx"), "CreatePage"),
  ShowsPage: lazyPage(() => import("../features/shows/ShowsPage.tsx"), "ShowsPage"),
  ShowDetailPage: lazyPage(() => import("../features/shows/ShowDetailPage.tsx"), "ShowDetailPage"),
  NarrationEditorPage: lazyPage(() => import("../features/narration-editor/NarrationEditorPage.tsx"), "NarrationEditorPage"),
  ShotsPage: lazyPage(() => import("../features/shots/ShotsPage.tsx"), "ShotsPage"),
  ProfilePage: lazyPage(() => import("../features/profile/ProfilePage.tsx"), "ProfilePage"),
  VoiceSettingsPage: lazyPage(() => import("../features/voice/VoiceSettingsPage.tsx"), "VoiceSettingsPage"),
  LegalPage: lazyPage(() => import("../features/legal/LegalPage.tsx"), "LegalPage"),
  PricingPage: lazyPage(() => import("../features/pricing/PricingPage.tsx"), "PricingPage"),
  NotFoundPage: lazyPage(() => import("../features/pages/NotFoundPage.tsx"), "NotFoundPage"),
  StaffBoardPage: lazyPage(() => import("../features/board/StaffBoardPage.tsx"), "StaffBoardPage"),
  StaffShowsPage: lazyPage(() => import("../features/staff/StaffShowsPage.tsx"), "StaffShowsPage"),
  StaffShowPage: lazyPage(() => import("../features/staff/StaffShowPage.tsx"), "StaffShowPage"),
  StaffAuditPage: lazyPage(() => import("../features/staff/StaffAuditPage.tsx"), "StaffAuditPage"),
  CardSignInPage: lazyPage(() => import("../features/cards/CardSignInPage.tsx"), "CardSignInPage"),
  CabinCardsPage: lazyPage(() => import("../features/cards/CabinCardsPage.tsx"), "CabinCardsPage"),
  RosterPage: lazyPage(() => import("../features/roster/RosterPage.tsx"), "RosterPage"),
  TeamPage: lazyPage(() => import("../features/team/TeamPage.tsx"), "TeamPage"),
  ReelsPage: lazyPage(() => import("../features/reels/ReelsPage.tsx"), "ReelsPage"),
  NewReelPage: lazyPage(() => import("../features/reels/NewReelPage.tsx"), "NewReelPage"),
} satisfies Record<PageName | "NotFoundPage", { preload: () => Promise<unknown> }>;

/** The page whose code a path needs (contracts/page-routes.ts), for prefetching from links. */
export function pageForPath(path: string) {
  const name = pageNameForPath(path);
  return name === undefined ? undefined : pages[name];
}

/** Starts downloading a path's page code; safe to call often (each chunk is fetched once). */
export function prefetchPath(path: string) {
  void pageForPath(path)?.preload().catch(() => {});
}
