/**
 * The zod-free part of contracts/shares.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** How long a share link lives: the camper picks one of these; 30 days unless they say otherwise. */
export const SHARE_DAYS = [1, 7, 30] as const;

export type ShareDays = (typeof SHARE_DAYS)[number];

export const DEFAULT_SHARE_DAYS: ShareDays = 30;

export const SHARE_MESSAGES = {
  needsApproval: "Camp staff need to approve this video before you can share it",
  needsVideo: "Make the final video first, then you can share it",
  shareNotFound: "Share link not found",
  noLongerShared: "This video is no longer shared",
  notAvailable: "This video is not available right now",
  tooManyLookups: "Too many requests from your network. Try again in a minute.",
  /** The camper's side of a missing media release: kind, and what still works. */
  noMediaRelease:
    "Your camp doesn't have permission from your family to share videos online, so share links are off. You can still download your video.",
  /** Staff's side: names why, and where it is changed. */
  noMediaReleaseStaff:
    "This camper has no media release from their family, so no share link can be made and their existing links do not play. The camp director can change it on the cabin board.",
} as const;
