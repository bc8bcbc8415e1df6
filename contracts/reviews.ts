import { z } from "zod";
import { STAFF_ROLES } from "./auth.ts";
import { idSchema } from "./ids.ts";
import { personalDetailsCheckSchema } from "./personal-details.ts";
import { showSchema } from "./recordings.ts";

/**
 * Where a show stands with camp staff. draft: no current video yet; video_ready: a current
 * video nobody has sent; waiting: sent, staff have not decided; approved (a video made after it
 * is "changed since it was sent", and links keep playing the approved one);
 * changes_requested: staff asked for changes in a note the camper sees.
 */
export const REVIEW_STATES = ["draft", "video_ready", "waiting", "approved", "changes_requested"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The states a review row holds (draft and video_ready are shows nobody has submitted: no row). */
export type SubmittedReviewState = Extract<ReviewState, "waiting" | "approved" | "changes_requested">;

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  draft: "Draft",
  video_ready: "Video ready",
  waiting: "Waiting for review",
  approved: "Approved",
  changes_requested: "Changes requested",
};

export const REVIEW_LIMITS = { messageMaxLength: 1000, noteMaxLength: 2000, searchMaxLength: 100, listMax: 500 } as const;

export const REVIEW_MESSAGES = {
  needsVideo: "Make the final video first: staff review the finished video",
  notSubmitted: "The camper has not submitted this show for review yet",
  videoChanged: "This is not the video the camper sent. Reload the page to watch the one they sent.",
  /** Shown to the camper and staff when the camper's newest video is not the one sent (or approved). */
  changedSinceSent: "Changed since it was sent",
  changedSinceSentCamper: "Your video changed since you sent it. Send it again so staff can watch the new one.",
  changedSinceApprovedCamper: "Your video changed since staff approved it. Your share links keep playing the approved video until you send the new one and staff approve it.",
  changedSinceSentStaff: "The camper made a newer video since sending this one. You are watching the video they sent.",
  noteRequired: "Write a note so the camper knows what to change",
  renderNotFound: "Video not found",
  noPoster: "This video has no picture",
} as const;

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

export const AUDIT_ACTIONS = [
  "opened_show",
  "opened_video",
  "approved",
  "requested_changes",
  "shared",
  "revoked_share",
  "exported_data",
  "set_retention",
  "retention_deleted",
  "reissue_card",
  "set_camper_password",
  "import_roster",
  "set_media_release",
  "place_camper",
  "added_staff",
  "changed_staff",
  "removed_staff",
  "delete_session",
  "session_deleted",
  "export_cabin",
  "make_reel",
  "reel_removed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  opened_show: "Opened a show",
  opened_video: "Opened a video",
  approved: "Approved a video",
  requested_changes: "Requested changes",
  shared: "Made a share link",
  revoked_share: "Revoked a share link",
  exported_data: "Downloaded a camper's data",
  set_retention: "Set the retention rule",
  retention_deleted: "Deleted media under the retention rule",
  reissue_card: "Reissued a sign-in card",
  set_camper_password: "Set a camper's password",
  import_roster: "Imported a roster",
  set_media_release: "Changed a media release",
  place_camper: "Placed a camper in a cabin or session",
  added_staff: "Added a staff member",
  changed_staff: "Changed a staff member",
  removed_staff: "Removed a staff member",
  delete_session: "Asked to delete a camp session",
  session_deleted: "Deleted a camp session's campers",
  export_cabin: "Downloaded a cabin's approved videos",
  make_reel: "Made a cabin reel",
  reel_removed: "Removed a reel whose video was deleted",
};

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
