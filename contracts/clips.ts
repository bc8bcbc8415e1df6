import { z } from "zod";
import { idParamsSchema, idQuerySchema, idSchema } from "./ids.ts";
import { scriptCheckSchema, takeSwitchSchema } from "./shots.ts";
import { PHOTO_SECONDS } from "./video-style.ts";
import { CLIP_LIMITS, PHOTO_SECONDS_MESSAGE, CLIP_MESSAGES } from "./clips-constants.ts";
export * from "./clips-constants.ts";

export const CLIP_KINDS = ["video", "photo"] as const;
export type ClipKind = (typeof CLIP_KINDS)[number];

export const clipSchema = z.object({
  id: z.number().int(),
  showId: z.number().int().nullable(),
  title: z.string(),
  position: z.number().int(),
  /** video: a recording; photo: a still (JPEG, every metadata stripped) shown for durationSeconds with a slow pan. */
  kind: z.enum(CLIP_KINDS),
  mimeType: z.enum(["video/webm", "video/mp4", "image/jpeg"]),
  durationSeconds: z.number(),
  sizeBytes: z.number().int(),
  /** Byte count and SHA-256 (hex) of exactly the bytes the device uploaded, before remuxing. */
  uploadedBytes: z.number().int(),
  uploadSha256: z.string(),
  transcription: z.string().nullable(),
  /** The part of the clip the show uses, in seconds into the clip (0 and durationSeconds when untrimmed). */
  trimStartSeconds: z.number(),
  trimEndSeconds: z.number(),
  /** trimEndSeconds - trimStartSeconds: what the clip adds to the show's length. */
  usedSeconds: z.number(),
  /** A still from the clip for its player (JPEG, owner only); null when none could be made. */
  posterUrl: z.string().nullable(),
  /** The shot this clip is a take of (record to the script); null for a free recording. */
  shotId: z.number().int().nullable(),
  /** The last check of this take against its shot's lines; null until checked. */
  scriptCheck: scriptCheckSchema.nullable(),
  createdAt: z.string(),
  /** Streams the clip to its owner (HTTP Range supported). */
  mediaUrl: z.string(),
  /** The same with Content-Disposition: attachment and a file name ending in .webm, .mp4 or (a photo) .jpg. */
  downloadUrl: z.string(),
});
export type Clip = z.infer<typeof clipSchema>;

/** POST /api/clips/:id/script-check: the take with its check, and whether that made it its shot's chosen take. */
export const checkedTakeSchema = clipSchema.extend({
  takeSwitch: takeSwitchSchema.nullable(),
});
export type CheckedTake = z.infer<typeof checkedTakeSchema>;

const trimSeconds = z.number({ error: "Trims are seconds into the clip" }).finite().min(0, "Trims are seconds into the clip").max(24 * 3600);

/**
 * PATCH /api/clips/:id. Trims say which part of the clip the show uses; the clip's file is not
 * changed. trimEndSeconds null means "to the end". Checked against the clip's duration (400 when
 * outside it or shorter than CLIP_LIMITS.minTrimmedSeconds).
 */
export const updateClipBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, "Title can't be empty").max(CLIP_LIMITS.titleMaxLength).optional(),
    transcription: z.string().max(CLIP_LIMITS.transcriptionMaxLength).optional(),
    trimStartSeconds: trimSeconds.optional(),
    trimEndSeconds: trimSeconds.nullable().optional(),
    /** A photo's length in the video (photos only; 400 on a video clip). */
    photoSeconds: z
      .number({ error: PHOTO_SECONDS_MESSAGE })
      .finite()
      .min(PHOTO_SECONDS.min, PHOTO_SECONDS_MESSAGE)
      .max(PHOTO_SECONDS.max, PHOTO_SECONDS_MESSAGE)
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update" });

/**
 * PUT /api/recordings/:id/clips — the show's clips in order. Listed clips must be the camper's and
 * either loose (recorded before the show was saved) or already on this show; they are attached in
 * this order. The show's clips not listed keep their order after the listed ones.
 */
export const setShowClipsBodySchema = z.strictObject({
  clipIds: z.array(idSchema("Clip id")).max(200, "At most 200 clips"),
});

/** GET /api/clips?loose=true lists clips not on any show yet; ?showId=N a show's clips in order. */
export const listClipsQuerySchema = z.strictObject({
  showId: idQuerySchema("showId").optional(),
  loose: z.enum(["true"]).optional(),
});

export const clipIdParamsSchema = idParamsSchema("Clip", CLIP_MESSAGES.notFound);
