import { z } from "zod";
import { clipSchema } from "./clips.ts";

/**
 * What is in a show's video, in order (GET /api/recordings/:id/sections -> VideoSections).
 *
 * The server's one list of the video's clips (each shot's chosen take in shot order, then the clips
 * recorded for no shot) is what the render plays, what the length check counts and what this lists:
 * `clipCount` and `clipsSeconds` are the length check's own figures. A shot's other takes come with its
 * section, kept but not in the video; a shot with takes but none chosen is a section with no clip.
 */
export const videoSectionSchema = z.object({
  /** The clip this part of the video plays; null for a shot none of whose takes is used. */
  clip: clipSchema.nullable(),
  /** The shot it records and its 1-based number; null for a clip recorded for no shot. */
  shotId: z.number().int().nullable(),
  shotNumber: z.number().int().nullable(),
  /** The shot's other takes, oldest first: kept, not in the video. */
  otherTakes: z.array(clipSchema),
});
export type VideoSection = z.infer<typeof videoSectionSchema>;

export const videoSectionsSchema = z.object({
  showId: z.number().int(),
  sections: z.array(videoSectionSchema),
  /** The clips in the video and their used seconds (trims applied), as the length check counts them. */
  clipCount: z.number().int(),
  clipsSeconds: z.number(),
});
export type VideoSections = z.infer<typeof videoSectionsSchema>;
