/**
 * The zod-free part of contracts/reels.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** The title card's length: the reel lasts this plus each part. */
export const REEL_TITLE_SECONDS = 4;

export const REEL_LIMITS = {
  maxItems: 60,
  titleMaxLength: 80,
  minSecondsPerCamper: 3,
  maxSecondsPerCamper: 600,
} as const;
