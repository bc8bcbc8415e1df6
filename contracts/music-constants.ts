/**
 * The zod-free part of contracts/music.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * The music library: instrumental tracks the project made itself (composed as MIDI, played
 * with a free General MIDI soundfont; credits in server/assets/music/CREDITS.md), each at least a minute
 * and looping without a click. The ids are the one list: a show names one (or none), the render plays it.
 *
 *   GET /api/music            -> MusicLibrary (signed in)
 *   GET /api/music/:id/audio  -> the track (audio/ogg, Range supported, cached), for previews
 */
export const MUSIC_TRACKS = [
  { id: "sunny-trail", title: "Sunny Trail", mood: "Upbeat" },
  { id: "still-lake", title: "Still Lake", mood: "Calm" },
  { id: "summit-climb", title: "Summit Climb", mood: "Adventure" },
  { id: "campfire-circle", title: "Campfire Circle", mood: "Campfire" },
  { id: "canoe-race", title: "Canoe Race", mood: "Playful" },
  { id: "starry-night", title: "Starry Night", mood: "Reflective" },
] as const;

export type MusicTrackId = (typeof MUSIC_TRACKS)[number]["id"];
