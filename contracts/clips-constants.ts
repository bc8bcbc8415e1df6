/**
 * The zod-free part of contracts/clips.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

import { PHOTO_SECONDS } from "./video-style-constants.ts";

/**
 * Video clips and their resumable upload (issue: Recorder).
 *
 * Uploads speak tus 1.0.0 (core, creation, creation-defer-length, termination) under /api/uploads:
 *   POST   /api/uploads            Tus-Resumable: 1.0.0; Upload-Defer-Length: 1 (or Upload-Length: n);
 *                                  Upload-Metadata: "title <base64>,showId <base64>?,shotId <base64>?,filetype <base64>?,
 *                                  begunMsAgo <base64>?,draftKey <base64>?"
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

/**
 * tus metadata `begunMsAgo`: how long ago (whole milliseconds, by the device's own clock, so its setting
 * does not matter) the camper began the section. A take sent again after a failure, or recorded offline,
 * keeps its place among the sections of its story instead of landing after those begun since. Missing or
 * unreadable: the section began now. At most `maxMsAgo` counts (a device's clock may jump).
 */
export const UPLOAD_BEGUN = { metadataKey: "begunMsAgo", maxMsAgo: 30 * 24 * 60 * 60 * 1000 } as const;

/**
 * tus metadata `draftKey`: for a section begun before its story was first saved (no showId yet), the
 * story's draft key (the one its show is created with). The clip joins that show if it exists by the time
 * the upload is created or finished, in its place among the story's sections; otherwise it stays loose.
 */
export const UPLOAD_DRAFT_KEY_METADATA = "draftKey";

/** The `begunMsAgo` metadata as a count of milliseconds (0 when missing or not a whole number). */
export function parseBegunMsAgo(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) return 0;
  return Math.min(Number(raw), UPLOAD_BEGUN.maxMsAgo);
}

export const UPLOAD_CLIP_ID_HEADER = "upload-clip-id";

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

/** The server's refusal of a photo length outside PHOTO_SECONDS (the client checks with the same words). */
export const PHOTO_SECONDS_MESSAGE = `A photo shows for ${PHOTO_SECONDS.min} to ${PHOTO_SECONDS.max} seconds`;

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
