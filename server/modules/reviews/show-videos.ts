import type { PublicUser } from "../../../contracts/auth.ts";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { notFound } from "../../http/errors.ts";
import type { StaffScope, StaffScopes } from "../staff/staff-scope.ts";
import type { RenderRow, ReviewsRepository, ShowReviewRow } from "./reviews.repository.ts";
import { videoIdentity, type VideoFacts, type VideoIdentity } from "./video-identity.ts";

type ShowRow = ShowReviewRow["show"];

/** A show with its review and the facts every route reads "the video" from (decision 026a). */
export interface ShowWithReview extends ShowReviewRow {
  /** The camper's current video: the done render of the show's current choices, clips and script. */
  current: RenderRow | null;
  facts: VideoFacts;
  identity: VideoIdentity;
}

/**
 * Loads shows with their video facts. The camper's current video is worked out by the same fingerprint
 * that reuses renders (RendersService.currentFingerprint), so the show page, review, sharing and the
 * personal-details check agree on it.
 */
export class ShowVideos {
  constructor(
    readonly reviews: ReviewsRepository,
    private readonly fingerprintNow: (show: ShowRow) => Promise<string | null>,
  ) {}

  async find(showId: number): Promise<ShowWithReview | undefined> {
    const row = await this.reviews.showWithReview(showId);
    return row ? this.withVideos(row) : undefined;
  }

  /** The owner's show; another account's show is the same 404 as a missing one (every owner route asks here). */
  async owned(userId: number, showId: number): Promise<ShowWithReview> {
    const found = await this.find(showId);
    if (!found || found.show.userId !== userId) throw notFound(SHOW_MESSAGES.notFound);
    return found;
  }

  /**
   * A show of a camper the staff member reaches (they still never change one); a show of another cabin
   * is the same 404 as one that does not exist.
   */
  async forStaff(staff: Pick<PublicUser, "id" | "role">, showId: number, scopes: Pick<StaffScopes, "assertCamper">): Promise<ShowWithReview> {
    const found = await this.find(showId);
    if (!found) throw notFound(SHOW_MESSAGES.notFound);
    await scopes.assertCamper(staff, found.show.userId, SHOW_MESSAGES.notFound);
    return found;
  }

  /** The shows of the campers in a staff member's scope (a camp's worth: one fingerprint each, worked out in turn). */
  async listCamperShows(scope: StaffScope, search: string | undefined, limit: number): Promise<ShowWithReview[]> {
    const rows = await this.reviews.listCamperShows(scope, search, limit);
    const out: ShowWithReview[] = [];
    for (const row of rows) out.push(await this.withVideos(row));
    return out;
  }

  async render(id: number | null): Promise<RenderRow | undefined> {
    return id === null ? undefined : this.reviews.render(id);
  }

  private async withVideos(row: ShowReviewRow): Promise<ShowWithReview> {
    // Working out the fingerprint reads the show's clips: a show that never finished a render is spared it.
    const fingerprint = row.hasVideo ? await this.fingerprintNow(row.show) : null;
    const current = fingerprint === null ? null : ((await this.reviews.doneRenderWithFingerprint(row.show.id, fingerprint)) ?? null);
    const facts: VideoFacts = {
      isDraft: row.show.isDraft,
      current: current ? { id: current.id, fingerprint: current.fingerprint } : null,
      review: row.review
        ? {
            status: row.review.status,
            renderJobId: row.review.renderJobId,
            sentFingerprint: row.review.sentFingerprint,
            approvedRenderJobId: row.review.approvedRenderJobId,
          }
        : null,
    };
    return { ...row, current, facts, identity: videoIdentity(facts) };
  }
}
