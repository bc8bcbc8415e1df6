import type { ShowReview } from "../../../contracts/reviews.ts";
import type { ReviewRow } from "./reviews.repository.ts";
import type { VideoIdentity } from "./video-identity.ts";

/** What the camper and staff read of a show's review: its row and which video is which (video-identity.ts). */
export function toShowReview(showId: number, identity: VideoIdentity, review: ReviewRow | null | undefined): ShowReview {
  return {
    showId,
    state: identity.state,
    currentRenderJobId: identity.currentRenderJobId,
    sentRenderJobId: identity.sentRenderJobId,
    approvedRenderJobId: identity.approvedRenderJobId,
    changedSinceSent: identity.changedSinceSent,
    camperMessage: review?.camperMessage ?? null,
    staffNote: review?.staffNote ?? null,
    submittedAt: review?.submittedAt.toISOString() ?? null,
    decidedAt: review?.decidedAt?.toISOString() ?? null,
  };
}
