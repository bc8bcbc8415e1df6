import { lazyPage } from "./lazy-page.ts";

/**
 * Every page but the sign-in page is its own chunk, so a camper's first visit downloads only what signing
 * in needs. Links and pages call `preload()` on these when the next page is likely (see prefetch.ts).
 */
export const pages = {
  create: lazyPage(() => import("../features/create/CreatePage.tsx"), "CreatePage"),
  shows: lazyPage(() => import("../features/shows/ShowsPage.tsx"), "ShowsPage"),
  showDetail: lazyPage(() => import("../features/shows/ShowDetailPage.tsx"), "ShowDetailPage"),
  narrationEditor: lazyPage(() => import("../features/narration-editor/NarrationEditorPage.tsx"), "NarrationEditorPage"),
  shots: lazyPage(() => import("../features/shots/ShotsPage.tsx"), "ShotsPage"),
  profile: lazyPage(() => import("../features/profile/ProfilePage.tsx"), "ProfilePage"),
  voiceSettings: lazyPage(() => import("../features/voice/VoiceSettingsPage.tsx"), "VoiceSettingsPage"),
  legal: lazyPage(() => import("../features/legal/LegalPage.tsx"), "LegalPage"),
  pricing: lazyPage(() => import("../features/pricing/PricingPage.tsx"), "PricingPage"),
  notFound: lazyPage(() => import("../features/pages/NotFoundPage.tsx"), "NotFoundPage"),
  staffBoard: lazyPage(() => import("../features/board/StaffBoardPage.tsx"), "StaffBoardPage"),
  staffShows: lazyPage(() => import("../features/staff/StaffShowsPage.tsx"), "StaffShowsPage"),
  staffShow: lazyPage(() => import("../features/staff/StaffShowPage.tsx"), "StaffShowPage"),
  staffAudit: lazyPage(() => import("../features/staff/StaffAuditPage.tsx"), "StaffAuditPage"),
  cardSignIn: lazyPage(() => import("../features/cards/CardSignInPage.tsx"), "CardSignInPage"),
  cabinCards: lazyPage(() => import("../features/cards/CabinCardsPage.tsx"), "CabinCardsPage"),
  staffRoster: lazyPage(() => import("../features/roster/RosterPage.tsx"), "RosterPage"),
  staffTeam: lazyPage(() => import("../features/team/TeamPage.tsx"), "TeamPage"),
  staffReels: lazyPage(() => import("../features/reels/ReelsPage.tsx"), "ReelsPage"),
  staffNewReel: lazyPage(() => import("../features/reels/NewReelPage.tsx"), "NewReelPage"),
};

/** The page whose code a path needs, for prefetching from links. */
export function pageForPath(path: string) {
  const clean = path.split(/[?#]/)[0]!;
  if (clean === "/home" || clean === "/record" || clean === "/edit") return pages.create;
  if (clean === "/shows") return pages.shows;
  if (/^\/shows\/[^/]+\/narration$/.test(clean)) return pages.narrationEditor;
  if (/^\/shows\/[^/]+\/shots$/.test(clean)) return pages.shots;
  if (/^\/shows\/[^/]+$/.test(clean)) return pages.showDetail;
  if (clean === "/profile") return pages.profile;
  if (clean === "/voice-settings") return pages.voiceSettings;
  if (clean === "/privacy" || clean === "/terms" || clean === "/cookies") return pages.legal;
  if (clean === "/pricing") return pages.pricing;
  if (clean === "/card") return pages.cardSignIn;
  if (/^\/staff\/cabins\/[^/]+\/cards$/.test(clean)) return pages.cabinCards;
  if (clean === "/staff") return pages.staffBoard;
  if (clean === "/staff/shows") return pages.staffShows;
  if (clean === "/staff/audit") return pages.staffAudit;
  if (clean === "/staff/roster") return pages.staffRoster;
  if (clean === "/staff/team") return pages.staffTeam;
  if (clean === "/staff/reels") return pages.staffReels;
  if (clean === "/staff/reels/new") return pages.staffNewReel;
  if (/^\/staff\/shows\/[^/]+$/.test(clean)) return pages.staffShow;
  return undefined;
}

/** Starts downloading a path's page code; safe to call often (each chunk is fetched once). */
export function prefetchPath(path: string) {
  void pageForPath(path)?.preload().catch(() => {});
}
