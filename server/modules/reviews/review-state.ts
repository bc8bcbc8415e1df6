import type { ReviewState, ShowReview } from "../../../contracts/reviews.ts";
import type { ReviewRow } from "./reviews.repository.ts";

/**
 * A show's state, worked out from its review row and its newest finished video. Approval names
 * the video staff watched, so a newer video of an approved show is waiting again without anyone
 * having to remember to reset it.
 */
export function reviewStateOf(isDraft: boolean, currentVideoId: number | null, review: ReviewRow | null | undefined): ReviewState {
  if (!review) return currentVideoId !== null && !isDraft ? "video_ready" : "draft";
  if (review.status === "approved" && currentVideoId !== review.approvedRenderJobId) return "waiting";
  return review.status;
}

export function toShowReview(showId: number, isDraft: boolean, currentVideoId: number | null, review: ReviewRow | null | undefined): ShowReview {
  return {
    showId,
    state: reviewStateOf(isDraft, currentVideoId, review),
    currentRenderJobId: currentVideoId,
    approvedRenderJobId: review?.approvedRenderJobId ?? null,
    camperMessage: review?.camperMessage ?? null,
    staffNote: review?.staffNote ?? null,
    submittedAt: review?.submittedAt.toISOString() ?? null,
    decidedAt: review?.decidedAt?.toISOString() ?? null,
  };
}
