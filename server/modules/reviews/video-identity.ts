import type { ReviewState } from "../../../contracts/reviews.ts";

/**
 * Which video is which, for every screen and route (decision 026a). One pure function over the facts
 * of a show, so the camper's page, the staff page, the review routes, the personal-details check and
 * the share links can never pick "the video" by rules of their own.
 *
 * - current: the done render whose fingerprint is the show's current choices, clips and script (what
 *   the camper's show page plays); none when those changed since the last render.
 * - sent: the render pinned when the camper sent the show for review; staff watch and decide on it.
 * - approved: the render staff approved; with staff review, the only one a share link plays, until a
 *   newer sent render is approved.
 */
export interface VideoFacts {
  isDraft: boolean;
  /** The camper's current video. */
  current: { id: number; fingerprint: string } | null;
  /** The show's review row, if it was ever sent. */
  review: {
    status: "waiting" | "approved" | "changes_requested";
    renderJobId: number | null;
    sentFingerprint: string | null;
    approvedRenderJobId: number | null;
  } | null;
}

export interface VideoIdentity {
  state: ReviewState;
  currentRenderJobId: number | null;
  sentRenderJobId: number | null;
  approvedRenderJobId: number | null;
  /** The camper made a different video after sending (or after approval): both camper and staff see it. */
  changedSinceSent: boolean;
  /** What staff watch on the show's page: the sent video, or the current one of a show never sent. */
  reviewedRenderJobId: number | null;
}

export function videoIdentity(facts: VideoFacts): VideoIdentity {
  const { current, review } = facts;
  const sent = review?.renderJobId ?? null;
  return {
    state: stateOf(facts),
    currentRenderJobId: current?.id ?? null,
    sentRenderJobId: sent,
    approvedRenderJobId: review?.approvedRenderJobId ?? null,
    changedSinceSent: review !== null && sent !== null && current !== null && !sameVideo(current, review),
    reviewedRenderJobId: review ? sent : (current?.id ?? null),
  };
}

/** Sent and current are the same video when their fingerprints match (older rows kept no fingerprint: by id). */
function sameVideo(current: { id: number; fingerprint: string }, review: NonNullable<VideoFacts["review"]>): boolean {
  return review.sentFingerprint !== null ? review.sentFingerprint === current.fingerprint : review.renderJobId === current.id;
}

/**
 * draft: nothing to send; video_ready: a current video never sent; otherwise the review row's own state.
 * An approved show stays approved when the camper renders again: its link keeps playing what staff
 * approved, and "changed since it was sent" says that the camper's newest video is not that one.
 */
function stateOf({ isDraft, current, review }: VideoFacts): ReviewState {
  if (!review) return current !== null && !isDraft ? "video_ready" : "draft";
  return sentState(review)!;
}

/**
 * Where a show that was sent stands (the review row's own state), null for one never sent. It needs no
 * current video, so the cabin board reads it for hundreds of campers without working out fingerprints.
 */
export function sentState(review: VideoFacts["review"]): "waiting" | "approved" | "changes_requested" | null {
  return review?.status ?? null;
}

/** Why a video cannot be sent for review, or the render that sending pins. */
export function videoToSend(facts: VideoFacts): { renderJobId: number; fingerprint: string } | { refused: "needsVideo" } {
  return facts.current ? { renderJobId: facts.current.id, fingerprint: facts.current.fingerprint } : { refused: "needsVideo" };
}

/** Staff decide on the sent video only: another id (an older page, another render) is refused. */
export function decisionRefusal(facts: VideoFacts, renderJobId: number): "notSubmitted" | "videoChanged" | null {
  if (!facts.review || facts.review.renderJobId === null) return "notSubmitted";
  return facts.review.renderJobId === renderJobId ? null : "videoChanged";
}

/**
 * The render a share link plays now, or why none. With staff review: the approved render and nothing
 * else. Without: the sent render (making a link sends the current video first, so it is checked).
 */
export function sharedVideo(
  facts: VideoFacts,
  reviewRequired: boolean,
): { renderJobId: number } | { refused: "needsVideo" | "needsApproval" } {
  if (facts.isDraft) return { refused: "needsVideo" };
  if (reviewRequired) {
    const approved = facts.review?.approvedRenderJobId ?? null;
    if (approved !== null) return { renderJobId: approved };
    return { refused: facts.current || facts.review ? "needsApproval" : "needsVideo" };
  }
  const sent = facts.review?.renderJobId ?? null;
  if (sent !== null) return { renderJobId: sent };
  return { refused: "needsVideo" };
}

/**
 * Without staff review, making a link sends the current video when it is not the sent one: the link
 * then plays exactly the render the check read.
 */
export function sendsBeforeSharing(facts: VideoFacts, reviewRequired: boolean): boolean {
  if (reviewRequired || facts.isDraft || !facts.current) return false;
  return !facts.review || facts.review.renderJobId === null || !sameVideo(facts.current, facts.review);
}
