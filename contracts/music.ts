import { z } from "zod";

/**
 * The music library (issue 28): instrumental tracks the project made itself (composed as MIDI, played
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
const trackIds = MUSIC_TRACKS.map((t) => t.id) as [MusicTrackId, ...MusicTrackId[]];

export const musicTrackIdSchema = z.enum(trackIds, { error: `Music must be one of ${trackIds.join(", ")}` });

export const musicTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  mood: z.string(),
  seconds: z.number(),
  audioUrl: z.string(),
});
export type MusicTrack = z.infer<typeof musicTrackSchema>;
export const musicLibrarySchema = z.object({ tracks: z.array(musicTrackSchema) });
export type MusicLibrary = z.infer<typeof musicLibrarySchema>;

export const MUSIC_MESSAGES = { notFound: "Music not found" } as const;
