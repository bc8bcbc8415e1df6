/**
 * The zod-free part of contracts/reviews.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

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
