/**
 * The zod-free part of contracts/camp-settings.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * The camp's own settings: the camp's name (on cabin reels' title cards) and how long a
 * camper may be away from a shared tablet before their session ends (decision 027e).
 */
export const CAMPER_IDLE_MINUTES = { default: 15, never: 0, min: 5, max: 240 } as const;

export const CAMP_NAME_MAX = 80;
