import { z } from "zod";
import { idParamsSchema, idQuerySchema, idSchema } from "./ids.ts";
import { scriptCheckSchema, takeSwitchSchema } from "./shots.ts";
import { PHOTO_SECONDS } from "./video-style.ts";

/**
 * Video clips and their resumable upload (issue: Recorder).
 *
 * Uploads speak tus 1.0.0 (core, creation, creation-defer-length, termination) under /api/uploads:
 *   POST   /api/uploads            Tus-Resumable: 1.0.0; Upload-Defer-Length: 1 (or Upload-Length: n);
 *                                  Upload-Metadata: "title <base64>,showId <base64>?,shotId <base64>?,filetype <base64>?"
 *                                  -> 201, Location: /api/uploads/{id}
 *   HEAD   /api/uploads/{id}       -> 200, Upload-Offset, Upload-Length or Upload-Defer-Length: 1
 *   PATCH  /api/uploads/{id}       Content-Type: application/offset+octet-stream; Upload-Offset: n;
 *                                  Upload-Length: n (on any PATCH once the size is known, e.g. at Stop)
 *                                  -> 204, Upload-Offset; when the offset reaches the length the upload
 *                                  becomes a clip and the response carries Upload-Clip-Id: {clipId}
 *   DELETE /api/uploads/{id}       -> 204 (the upload and its bytes are gone)
 * Errors: 409 wrong offset (HEAD, then continue), 413 too large, 415 not WebM/Matroska or MP4 video nor a
 * JPEG, PNG or HEIC/HEIF photo (checked on the first bytes; `filetype` is only a hint, the content
 * decides), 404 unknown upload, 423 another request is writing this upload (retry), 422 the finished file
 * cannot be read as video or photo. Every error body is { message }.
 *
 * A photo becomes a clip of kind "photo" (docs/decisions/028d-photos.md): decoded, turned upright, at most
 * PHOTO_LIMITS.longestSide pixels on its longest side, re-encoded as a baseline JPEG with no metadata at all
 * (no EXIF, GPS, XMP, IPTC, ICC or comments); the uploaded bytes are deleted. It lasts PHOTO_SECONDS.default
 * until PATCH /api/clips/:id { photoSeconds }; its trims are always 0..its length (trims are refused).
 * A photo uploaded with a shotId becomes that shot's chosen take (it has no words to check).
 */
export const TUS_VERSION = "1.0.0";
export const UPLOAD_CLIP_ID_HEADER = "upload-clip-id";

export const CLIP_KINDS = ["video", "photo"] as const;
export type ClipKind = (typeof CLIP_KINDS)[number];

export const CLIP_LIMITS = { titleMaxLength: 120, transcriptionMaxLength: 20_000, minTrimmedSeconds: 0.5 } as const;

/**
 * Photos: at most maxBytes uploaded (phones' JPEG and HEIC are a few MB; 48 MP ones up to ~20), at most
 * maxPixels decoded (a 48 MP phone photo fits; a "decompression bomb" is refused before it is decoded),
 * stored at most longestSide pixels on the longest side (twice 4K's short side: room for the slow zoom),
 * with a posterSide poster.
 */
/** ISO-BMFF major brands of HEIF stills (HEIC from phones, plain HEIF); MP4 and AVIF brands are not among them. */
export const HEIF_PHOTO_BRANDS = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"] as const;

export const PHOTO_LIMITS = { maxBytes: 25 * 1024 * 1024, maxPixels: 50_000_000, longestSide: 4096, posterSide: 640 } as const;

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


/** The server's refusal of a photo length outside PHOTO_SECONDS (the client checks with the same words). */
export const PHOTO_SECONDS_MESSAGE = `A photo shows for ${PHOTO_SECONDS.min} to ${PHOTO_SECONDS.max} seconds`;
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

export const CLIP_MESSAGES = {
  notFound: "Clip not found",
  uploadNotFound: "Upload not found",
  notVideo: "That file is not a video (WebM or MP4) or a photo (JPEG, PNG or HEIC)",
  tooLarge: (maxBytes: number) => `Clips can be at most ${Math.round(maxBytes / (1024 * 1024))} MB`,
  photoTooLarge: `Photos can be at most ${Math.round(PHOTO_LIMITS.maxBytes / (1024 * 1024))} MB`,
  unreadable: "This recording could not be read as video",
  photoUnreadable: "This photo could not be read",
  /** PATCH photoSeconds on a video clip. */
  notAPhoto: "Only a photo's length can be set; trim a video instead",
  /** PATCH trims on a photo. */
  photoNotTrimmed: "A photo is not trimmed; set how long it shows instead",
  /** POST /api/clips/:id/script-check on a photo. */
  photoHasNoWords: "A photo has no words to check; it is used as the shot's picture as it is",
  wrongOffset: "The upload is at a different offset; ask where it is (HEAD) and continue from there",
  busy: "This upload is being written by another request; try again in a moment",
  storageFull: (quotaBytes: number) =>
    `Your space on the camp server is full (${Math.round(quotaBytes / (1024 * 1024))} MB per camper). Delete clips you no longer need, then try again.`,
  tooManyUploads: (limit: number) => `You already have ${limit} uploads in progress. Let them finish, then this one follows.`,
  captionsBusy: (wait: string) => `Captions are being made for a lot of your clips right now. This clip's captions can be made in about ${wait}.`,
  noPoster: "This clip has no picture yet",
  /** GET /api/clips/:id/captions.vtt when the clip says none of its show's script (or nothing listens). */
  trimOutside: (durationSeconds: number) => `Trims must be within the clip (0 to ${durationSeconds.toFixed(1)} seconds)`,
  trimTooShort: `Keep at least ${CLIP_LIMITS.minTrimmedSeconds} seconds of the clip`,
} as const;

export const clipIdParamsSchema = idParamsSchema("Clip", CLIP_MESSAGES.notFound);
