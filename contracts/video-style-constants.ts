/**
 * The zod-free part of contracts/video-style.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** The music's level between sentences; under speech it always ducks well below the voice. */
export const MUSIC_LEVELS = ["soft", "medium", "loud"] as const;

export type MusicLevel = (typeof MUSIC_LEVELS)[number];

/** A photo's section: how long it shows (the camper sets it; PATCH /api/clips/:id { photoSeconds }). */
export const PHOTO_SECONDS = { default: 4, min: 1, max: 20 } as const;

export const DEFAULT_CAMP_COLOURS = { background: "#12355b", accent: "#ffd166" } as const;
