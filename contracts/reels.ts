import { z } from "zod";
import { idQuerySchema, idSchema } from "./ids.ts";
import { VIDEO_FORMATS, type VideoFormatKey } from "./product.ts";
import { RENDER_STATUSES } from "./renders.ts";
import { shareLinkSchema } from "./shares.ts";
import { REEL_LIMITS } from "./reels-constants.ts";
export * from "./reels-constants.ts";

/**
 * Cabin reels (decision 027d): staff pick approved videos of one cabin or one camp
 * session, order them and get one video: a title card, then each camper's part, rendered by the same
 * workers as campers' videos.
 *
 *   GET    /api/staff/reels/choices               cabins and sessions the caller reaches
 *   GET    /api/staff/reels/candidates?cabinId=|sessionId=   their approved videos
 *   POST   /api/staff/reels                       make a reel (202, queued)
 *   GET    /api/staff/reels                       the reels the caller reaches, newest first
 *   GET    /api/staff/reels/:id                   one reel with its render's status and progress
 *   GET    /api/staff/reels/:id/media[?download=1]   the MP4 (Range), a download with a file name
 *   GET    /api/staff/reels/:id/captions.vtt      its captions (each part's, shifted to where it plays)
 *   DELETE /api/staff/reels/:id                   the reel, its render and its links
 *   GET    /api/staff/reels/:id/shares            its share links
 *   POST   /api/staff/reels/:id/shares { days? }  a share link (/s/{token}, same rules as a show's)
 *   DELETE /api/staff/reels/:id/shares/:shareId   revoke one
 *   GET    /api/staff/cabins/:id/approved.zip     the closing-night zip of a cabin's approved videos
 */

const formatKeys = VIDEO_FORMATS.map((f) => f.key) as [VideoFormatKey, ...VideoFormatKey[]];
const seconds = (label: string) => z.number({ error: `${label} must be a number of seconds` }).finite().min(0, `${label} cannot be negative`).max(3600, `${label} is too long`);

/** One part of a reel as stored: the approved render at pick time is the video it plays. */
export interface ReelItem {
  showId: number;
  renderJobId: number;
  startSeconds?: number;
  seconds?: number;
}

export const createReelBodySchema = z
  .strictObject({
    cabinId: idSchema("cabinId").optional(),
    sessionId: idSchema("sessionId").optional(),
    title: z.string().trim().max(REEL_LIMITS.titleMaxLength, `A reel's title can be up to ${REEL_LIMITS.titleMaxLength} characters`).optional(),
    format: z.enum(formatKeys, { error: `format must be one of ${formatKeys.join(", ")}` }),
    captions: z.boolean({ error: "captions must be true or false" }),
    maxSecondsPerCamper: z
      .number({ error: "maxSecondsPerCamper must be a number of seconds" })
      .int("maxSecondsPerCamper must be whole seconds")
      .min(REEL_LIMITS.minSecondsPerCamper, `Each camper needs at least ${REEL_LIMITS.minSecondsPerCamper} seconds`)
      .max(REEL_LIMITS.maxSecondsPerCamper, `maxSecondsPerCamper can be up to ${REEL_LIMITS.maxSecondsPerCamper}`)
      .nullish(),
    items: z
      .array(
        z.strictObject({
          showId: idSchema("showId"),
          startSeconds: seconds("startSeconds").optional(),
          seconds: seconds("seconds").min(1, "A part must last at least 1 second").optional(),
        }),
        { error: "items must be a list of videos" },
      )
      .min(1, "Pick at least one video for the reel")
      .max(REEL_LIMITS.maxItems, `A reel can have up to ${REEL_LIMITS.maxItems} videos`)
      .refine((items) => new Set(items.map((i) => i.showId)).size === items.length, "Each video can be in a reel only once"),
  })
  .refine((body) => (body.cabinId === undefined) !== (body.sessionId === undefined), "Choose a cabin or a camp session for the reel (one of them)");
export type CreateReelBody = z.infer<typeof createReelBodySchema>;

/** Whose approved videos a reel can pick from: a cabin or a session, exactly one. */
export const reelCandidatesQuerySchema = z
  .strictObject({ cabinId: idQuerySchema("cabinId").optional(), sessionId: idQuerySchema("sessionId").optional() })
  .refine((q) => (q.cabinId === undefined) !== (q.sessionId === undefined), "Choose a cabin or a camp session (one of them)");

export const reelChoicesSchema = z.object({
  cabins: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sessions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReelChoices = z.infer<typeof reelChoicesSchema>;

/** An approved video staff can put in a reel (or see why not: no media release). */
export const reelCandidateSchema = z.object({
  showId: z.number().int(),
  renderJobId: z.number().int(),
  title: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  cabinName: z.string().nullable(),
  durationSeconds: z.number(),
  mediaRelease: z.boolean(),
  /** The approved video (staff's player; opening it is audited like any staff viewing). */
  mediaUrl: z.string(),
  /** A still picture of it (JPEG) for the picker: a thumbnail, not a viewing, so no video bytes and no audit entry. */
  posterUrl: z.string(),
});
export type ReelCandidate = z.infer<typeof reelCandidateSchema>;

export const reelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cabinId: z.number().int().nullable(),
  cabinName: z.string().nullable(),
  sessionId: z.number().int().nullable(),
  sessionName: z.string().nullable(),
  format: z.enum(formatKeys),
  captions: z.boolean(),
  maxSecondsPerCamper: z.number().int().nullable(),
  items: z.array(
    z.object({
      showId: z.number().int(),
      renderJobId: z.number().int(),
      startSeconds: z.number(),
      /** How long this part plays in the reel. */
      seconds: z.number(),
    }),
  ),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The reel's render: queued, running (with progress), done or failed (with a message). */
  status: z.enum(RENDER_STATUSES),
  progress: z.number().int(),
  message: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  mediaUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
});
export type Reel = z.infer<typeof reelSchema>;

export const reelSharesSchema = z.object({ links: z.array(shareLinkSchema) });
export type ReelShares = z.infer<typeof reelSharesSchema>;

export const REEL_MESSAGES = {
  notFound: "Reel not found",
  cabinNotFound: "Cabin not found",
  sessionNotFound: "Camp session not found",
  notReady: "This reel is not ready yet",
  noCaptions: "This reel has no captions",
  showNotFound: (showId: number) => `Show ${showId} was not found among your campers' videos`,
  notApproved: (title: string) => `"${title}" is not approved yet, so it cannot be in a reel`,
  noMediaRelease: (title: string, firstName: string) =>
    `"${title}" cannot be in a reel: ${firstName} has no media release. Their video stays theirs to watch and download.`,
  notInGroup: (title: string) => `"${title}" is not from the cabin or session this reel is for`,
  startPastEnd: (title: string) => `The part of "${title}" starts after the video ends`,
  tooLong: (format: string, max: number) => `A ${format} reel can be up to ${max} seconds: pick fewer videos or set a shorter length per camper.`,
} as const;
