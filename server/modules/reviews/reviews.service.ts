import type { PublicUser } from "../../../contracts/auth.ts";
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ShowReview,
  type StaffDecisionBody,
  type StaffShowDetail,
  type StaffShowItem,
  type StaffShowsQuery,
} from "../../../contracts/reviews.ts";
import { badRequest, notFound, refusal } from "../../http/errors.ts";
import { toShow } from "../shows/shows.repository.ts";
import { personalDetailsCheckSchema, type PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import type { PersonalDetailsService } from "../personal-details/personal-details.service.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import { toShowReview } from "./review-state.ts";
import type { RenderRow } from "./reviews.repository.ts";
import type { ShowVideos, ShowWithReview } from "./show-videos.ts";
import { decisionRefusal, videoToSend } from "./video-identity.ts";

/** A staff member's viewings of one video closer together than this are one audit entry. */
const WATCH_AUDIT_MINUTES = 10;

export const staffMediaUrl = (renderId: number) => `/api/staff/renders/${renderId}/media`;
export const staffCaptionsUrl = (renderId: number) => `/api/staff/renders/${renderId}/captions.vtt`;

export interface ReviewsServiceOptions {
  videos: ShowVideos;
  audit: AuditLog;
  personalDetails: PersonalDetailsService;
  /** Which campers a staff member reaches: a counselor's cabins only; anything else is a 404 (decision 027a). */
  scopes: StaffScopes;
}

/** Campers submit finished videos; staff watch, approve or ask for changes; every staff step is logged. */
export class ReviewsService {
  private readonly videos: ShowVideos;
  private readonly audit: AuditLog;
  private readonly personalDetails: PersonalDetailsService;
  private readonly scopes: StaffScopes;

  constructor(options: ReviewsServiceOptions) {
    this.videos = options.videos;
    this.audit = options.audit;
    this.personalDetails = options.personalDetails;
    this.scopes = options.scopes;
  }

  /** The owner's view of their show's review; another camper's show is a 404 like any other. */
  async forOwner(userId: number, showId: number): Promise<ShowReview> {
    const found = await this.videos.owned(userId, showId);
    return toShowReview(showId, found.identity, found.review);
  }

  async submit(userId: number, showId: number, message: string | undefined): Promise<ShowReview> {
    const found = await this.videos.owned(userId, showId);
    const sent = await this.send(found, message ? message : null);
    const after = await this.videos.find(showId);
    return toShowReview(showId, after!.identity, sent);
  }

  /**
   * Pins the camper's current video for review with the personal-details check of exactly that render
   * (its script and captions): nothing personal goes to review unfixed or unkept, and staff see what
   * was flagged and kept in the video they watch.
   */
  async send(found: ShowWithReview, message: string | null) {
    const video = videoToSend(found.facts);
    if ("refused" in video) throw badRequest(REVIEW_MESSAGES.needsVideo);
    const check = await this.personalDetails.assertResolved(found, found.current);
    return this.videos.reviews.submit(found.show.id, found.show.userId, video, message, check);
  }

  async listForStaff(staff: PublicUser, query: StaffShowsQuery): Promise<StaffShowItem[]> {
    // A camp has at most a few hundred shows: the state is worked out here, then filtered.
    const rows = await this.videos.listCamperShows(await this.scopes.of(staff), query.q || undefined, REVIEW_LIMITS.listMax);
    return rows
      .map((row) => ({
        showId: row.show.id,
        title: row.show.title,
        camperId: row.show.userId,
        camperUsername: row.camperUsername,
        state: row.identity.state,
        changedSinceSent: row.identity.changedSinceSent,
        updatedAt: row.show.updatedAt.toISOString(),
        submittedAt: row.review?.submittedAt.toISOString() ?? null,
      }))
      .filter((item) => !query.state || item.state === query.state);
  }

  async detailForStaff(staff: PublicUser, showId: number): Promise<StaffShowDetail> {
    const found = await this.videos.forStaff(staff, showId, this.scopes);
    await this.audit.record(staff, "opened_show", { camperUserId: found.show.userId, showId });
    // Staff watch the video the camper sent, never a newer one made since.
    const video = await this.videos.render(found.identity.reviewedRenderJobId);
    return {
      show: toShow(found.show),
      camper: { id: found.show.userId, username: found.camperUsername, mediaRelease: found.camperMediaRelease },
      review: toShowReview(showId, found.identity, found.review),
      personalDetails: submittedCheck(found.review?.personalDetails),
      video: video
        ? {
            renderJobId: video.id,
            durationSeconds: video.durationSeconds,
            narration: video.narration,
            videoFormat: found.show.videoFormat,
            mediaUrl: staffMediaUrl(video.id),
            captionsUrl: video.captionsKey ? staffCaptionsUrl(video.id) : null,
          }
        : null,
    };
  }

  async decide(staff: PublicUser, showId: number, body: StaffDecisionBody): Promise<ShowReview> {
    const found = await this.videos.forStaff(staff, showId, this.scopes);
    // Approval names the sent video: an older page, or any other render id, is refused.
    const refused = decisionRefusal(found.facts, body.renderJobId);
    if (refused) throw refusal(REVIEW_MESSAGES[refused], refused === "notSubmitted" ? "not_submitted" : "video_changed");
    // Approval opens sharing: refused, naming each phrase, while one in the sent video is neither fixed nor kept.
    if (body.decision === "approve") await this.personalDetails.assertResolved(found, await this.videos.render(body.renderJobId), "staff");
    const status = body.decision === "approve" ? "approved" : "changes_requested";
    const note = body.note ? body.note : null;
    const review = await this.videos.reviews.decide(showId, { status, renderJobId: body.renderJobId, staffNote: note, decidedBy: staff.id });
    await this.audit.record(staff, status === "approved" ? "approved" : "requested_changes", {
      camperUserId: found.show.userId,
      showId,
      detail: note,
    });
    const after = await this.videos.find(showId);
    return toShowReview(showId, after!.identity, review);
  }

  /**
   * A finished render of a camper's show (its video or captions) for a staff member's player. Opening
   * it is audited like opening the show, even when reached by its id alone: when the player asks for
   * the start (`startsViewing`), once per staff member and video in WATCH_AUDIT_MINUTES, since a player
   * asks for the start again (a replay, a reload, the captions beside the video).
   */
  async watchForStaff(staff: PublicUser, renderId: number, startsViewing: boolean): Promise<RenderRow> {
    const row = await this.renderForStaff(staff, renderId);
    if (startsViewing) {
      await this.audit.recordOnceWithin(WATCH_AUDIT_MINUTES, staff, "opened_video", { camperUserId: row.userId, showId: row.showId!, detail: `Video ${row.id}` });
    }
    return row;
  }

  /** A finished render of a show of a camper in the staff member's scope, for them to watch. */
  async renderForStaff(staff: PublicUser, renderId: number): Promise<RenderRow> {
    const row = await this.videos.reviews.render(renderId);
    if (!row || row.status !== "done" || !row.outputKey) throw notFound(REVIEW_MESSAGES.renderNotFound);
    await this.scopes.assertCamper(staff, row.userId, REVIEW_MESSAGES.renderNotFound);
    return row;
  }

  /** The audit log as a staff member may read it: the director every entry, a counselor those about their own campers. */
  async auditEntries(staff: PublicUser, limit: number) {
    return this.audit.list(limit, await this.scopes.of(staff));
  }
}

/** The check stored when the camper submitted; a row from before the check existed has none. */
function submittedCheck(stored: unknown): PersonalDetailsCheck | null {
  const parsed = personalDetailsCheckSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
