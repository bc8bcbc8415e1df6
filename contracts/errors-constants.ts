/**
 * The zod-free part of contracts/errors.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * Why an action was refused, for a screen that offers the way forward next to the message:
 * personal_details: open findings of the personal-details check (the body carries them);
 * needs_video: no finished video yet; needs_approval: staff have not approved the video;
 * not_submitted: the camper has not sent it; video_changed: a newer video than the one decided on;
 * no_media_release: the camper's family gave no media release, so no share link is made (decision 027a).
 */
export const REFUSAL_CODES = ["personal_details", "needs_video", "needs_approval", "not_submitted", "video_changed", "no_media_release"] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];
