import { z } from "zod";
import { MUSIC_TRACKS, type MusicTrackId } from "./music-constants.ts";
export * from "./music-constants.ts";

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
