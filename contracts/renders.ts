import { z } from "zod";
import { audioSourceSchema } from "./recordings.ts";

/** POST /api/recordings/:id/renders */
export const startRenderBodySchema = z
  .strictObject({
    /** crop: fill the frame, trimming edges; fit: the whole picture with bars. */
    fit: z.enum(["crop", "fit"], { error: "fit must be crop or fit" }).optional(),
    /** Defaults to the show's audio source. */
    audio: audioSourceSchema.optional(),
    captions: z.boolean().optional(),
  })
  .nullish();

export const renderJobSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  status: z.enum(["queued", "running", "done", "failed"]),
  progress: z.number().int(),
  message: z.string().nullable(),
  options: z.object({ fit: z.enum(["crop", "fit"]), audio: audioSourceSchema, captions: z.boolean() }),
  videoFormat: z.string(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Present once done: the MP4 (Range supported) and its download with the show's title. */
  mediaUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
});
export type RenderJob = z.infer<typeof renderJobSchema>;

export const RENDER_MESSAGES = {
  noClips: "Record at least one clip for this show first",
  notFound: "Render not found",
  notReady: "This video is not ready yet",
  needsNarration: "Write a narration first: the AI voice and captions read it",
} as const;
