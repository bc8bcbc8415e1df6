import { z } from "zod";
import { STAFF_ROLES } from "./auth.ts";
import { idSchema } from "./ids.ts";
import { personalDetailsCheckSchema } from "./personal-details.ts";
import { showSchema } from "./shows.ts";
import { REVIEW_STATES, REVIEW_LIMITS, REVIEW_MESSAGES, AUDIT_ACTIONS } from "./reviews-constants.ts";
export * from "./reviews-constants.ts";

/** POST /api/recordings/:id/review — the camper sends their current video (it is pinned for review). */
export const submitReviewBodySchema = z
  .strictObject({
    message: z
      .string({ error: "Message must be text" })
      .trim()
      .max(REVIEW_LIMITS.messageMaxLength, `Message must be at most ${REVIEW_LIMITS.messageMaxLength} characters`)
      .optional(),
  })
  .nullish();
export type SubmitReviewBody = z.infer<typeof submitReviewBodySchema>;

/** What the camper (and staff) see of a show's review. */
export const showReviewSchema = z.object({
  showId: z.number().int(),
  state: z.enum(REVIEW_STATES),
  /** The camper's current video: the one their show's current choices, clips and script give, if made. */
  currentRenderJobId: z.number().int().nullable(),
  /** The video the camper sent for review: what staff watch and decide on. */
  sentRenderJobId: z.number().int().nullable(),
  /** The video staff approved (what a share link plays). */
  approvedRenderJobId: z.number().int().nullable(),
  /** The camper made a different video after sending (or after approval). */
  changedSinceSent: z.boolean(),
  camperMessage: z.string().nullable(),
  staffNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ShowReview = z.infer<typeof showReviewSchema>;

/** POST /api/staff/shows/:id/review — staff decide on the video the camper sent, named by its id. */
export const staffDecisionBodySchema = z
  .strictObject({
    decision: z.enum(["approve", "request_changes"], { error: "decision must be approve or request_changes" }),
    note: z
      .string({ error: "Note must be text" })
      .trim()
      .max(REVIEW_LIMITS.noteMaxLength, `Note must be at most ${REVIEW_LIMITS.noteMaxLength} characters`)
      .optional(),
    /** The video staff watched: it must be the sent one (409 otherwise). */
    renderJobId: idSchema("renderJobId"),
  })
  .refine((b) => b.decision === "approve" || (b.note ?? "").length > 0, { message: REVIEW_MESSAGES.noteRequired });
export type StaffDecisionBody = z.infer<typeof staffDecisionBodySchema>;

/** GET /api/staff/shows */
export const staffShowsQuerySchema = z.strictObject({
  state: z.enum(REVIEW_STATES, { error: `state must be one of ${REVIEW_STATES.join(", ")}` }).optional(),
  q: z.string().trim().max(REVIEW_LIMITS.searchMaxLength, `Search must be at most ${REVIEW_LIMITS.searchMaxLength} characters`).optional(),
});
export type StaffShowsQuery = z.infer<typeof staffShowsQuerySchema>;

export const staffShowItemSchema = z.object({
  showId: z.number().int(),
  title: z.string(),
  camperId: z.number().int(),
  camperUsername: z.string(),
  state: z.enum(REVIEW_STATES),
  /** The camper made a different video after sending (or after approval). */
  changedSinceSent: z.boolean(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type StaffShowItem = z.infer<typeof staffShowItemSchema>;

export const staffVideoSchema = z.object({
  renderJobId: z.number().int(),
  videoFormat: z.string(),
  durationSeconds: z.number().nullable(),
  /** The script this video was made from (null for videos made before it was kept). */
  narration: z.string().nullable(),
  mediaUrl: z.string(),
  captionsUrl: z.string().nullable(),
});

/** GET /api/staff/shows/:id — everything staff need to decide. */
export const staffShowDetailSchema = z.object({
  show: showSchema,
  /** mediaRelease false: the family gave no media release, so the video is never shared or put in a reel. */
  camper: z.object({ id: z.number().int(), username: z.string(), mediaRelease: z.boolean() }),
  review: showReviewSchema,
  /** The personal-details check of the sent video, stored when the camper sent it: what was flagged and kept. */
  personalDetails: personalDetailsCheckSchema.nullable(),
  /** The sent video (the current one of a show never sent): what staff watch and decide on. */
  video: staffVideoSchema.nullable(),
});
export type StaffShowDetail = z.infer<typeof staffShowDetailSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staffUsername: z.string(),
  /** The staff member's role when they acted (null for the app itself and entries from before roles). */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  camperUsername: z.string().nullable(),
  showId: z.number().int().nullable(),
  showTitle: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(500).optional(),
});
