import { pageNameForPath, type PageName } from "../../../contracts/page-routes.ts";
import { createElement } from "react";
import { CenteredSpinner } from "../components/ui/spinner.tsx";
import { lazyPage } from "./lazy-page.ts";

/** What a page shows while its code is on its way: the spinner the route guard shows while it checks who is signed in. */
const spinner = () => createElement(CenteredSpinner);

/**
 * Every page but the sign-in page is its own chunk, so a camper's first visit downloads only what signing
 * in needs. Links and pages call `preload()` on these when the next page is likely (see prefetch.ts).
 */
export const pages = {
  CreatePage: lazyPage(() => import("./create/CreatePage.tsx"), "CreatePage", spinner),
  ShowsPage: lazyPage(() => import("../features/shows/ShowsPage.tsx"), "ShowsPage", spinner),
  ShowDetailPage: lazyPage(() => import("../features/shows/ShowDetailPage.tsx"), "ShowDetailPage", spinner),
  NarrationEditorPage: lazyPage(() => import("./narration-editor/NarrationEditorPage.tsx"), "NarrationEditorPage", spinner),
  ShotsPage: lazyPage(() => import("./shots/ShotsPage.tsx"), "ShotsPage", spinner),
  ProfilePage: lazyPage(() => import("../features/profile/ProfilePage.tsx"), "ProfilePage", spinner),
  VoiceSettingsPage: lazyPage(() => import("../features/voice/VoiceSettingsPage.tsx"), "VoiceSettingsPage", spinner),
  LegalPage: lazyPage(() => import("../features/legal/LegalPage.tsx"), "LegalPage", spinner),
  PricingPage: lazyPage(() => import("../features/pricing/PricingPage.tsx"), "PricingPage", spinner),
  NotFoundPage: lazyPage(() => import("../features/pages/NotFoundPage.tsx"), "NotFoundPage", spinner),
  StaffBoardPage: lazyPage(() => import("../features/board/StaffBoardPage.tsx"), "StaffBoardPage", spinner),
  StaffShowsPage: lazyPage(() => import("../features/staff/StaffShowsPage.tsx"), "StaffShowsPage", spinner),
  StaffShowPage: lazyPage(() => import("../features/staff/StaffShowPage.tsx"), "StaffShowPage", spinner),
  StaffAuditPage: lazyPage(() => import("../features/staff/StaffAuditPage.tsx"), "StaffAuditPage", spinner),
  CardSignInPage: lazyPage(() => import("../features/cards/CardSignInPage.tsx"), "CardSignInPage", spinner),
  CabinCardsPage: lazyPage(() => import("../features/cards/CabinCardsPage.tsx"), "CabinCardsPage", spinner),
  RosterPage: lazyPage(() => import("../features/roster/RosterPage.tsx"), "RosterPage", spinner),
  TeamPage: lazyPage(() => import("../features/team/TeamPage.tsx"), "TeamPage", spinner),
  ReelsPage: lazyPage(() => import("../features/reels/ReelsPage.tsx"), "ReelsPage", spinner),
  NewReelPage: lazyPage(() => import("../features/reels/NewReelPage.tsx"), "NewReelPage", spinner),
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
