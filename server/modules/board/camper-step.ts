import type { CamperStep } from "../../../contracts/board.ts";
import { isPlaceholderNarration } from "../../../contracts/shows.ts";
import { sentState, sharedVideo, type VideoFacts } from "../reviews/video-identity.ts";

/** What the board knows of a camper's newest show: stored facts only, no fingerprints worked out. */
export interface NewestShowFacts {
  responses: string[];
  narration: string | null;
  clipCount: number;
  isDraft: boolean;
  review: VideoFacts["review"];
  /** An active link (not revoked, not expired) exists for the show. */
  liveLink: boolean;
  mediaRelease: boolean;
}

/**
 * The step a camper is on, from their newest show. Sent and approved are the review's own state, read
 * through video-identity.ts (decision 026a), never a rule of the board's; "shared" is a link that plays
 * now: active, the camper has a media release, and the show has a video a link may play.
 */
export function camperStep(show: NewestShowFacts | null, reviewRequired: boolean): CamperStep {
  if (!show) return "reflect";
  const sent = sentState(show.review);
  // A video waiting for the counselor comes first, even while an older approved one is shared.
  if (sent === "waiting" && reviewRequired) return "sent";
  if (show.liveLink && show.mediaRelease && playsNow(show, reviewRequired)) return "shared";
  if (sent === "approved") return "approved";
  // Without staff review a sent show is only "sent" until a link is made.
  if (sent === "waiting") return "sent";
  if (sent === "changes_requested") return "editor";
  if (!show.responses.some((r) => r.trim() !== "")) return show.clipCount > 0 ? "editor" : "reflect";
  // The text saving writes while the AI has not written a narration yet is not a script either.
  if (isPlaceholderNarration(show.narration)) return "script";
  return show.clipCount > 0 ? "editor" : "record";
}

function playsNow(show: NewestShowFacts, reviewRequired: boolean): boolean {
  // The board does not work out the current video: a link never plays it (only the sent or approved one).
  const facts: VideoFacts = { isDraft: show.isDraft, current: null, review: show.review };
  return !("refused" in sharedVideo(facts, reviewRequired));
}
