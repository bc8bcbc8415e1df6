import { and, desc, eq, ilike, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

export type ReviewRow = typeof schema.showReviews.$inferSelect;
export type RenderRow = typeof schema.renderJobs.$inferSelect;
type ShowRow = typeof schema.shows.$inferSelect;

const r = schema.showReviews;
const shows = schema.shows;
const jobs = schema.renderJobs;

/** Whether the show in the surrounding query has any finished render (else it has no current video to look for). */
const hasVideo = sql<boolean>`EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.showId} = ${shows.id} AND ${jobs.status} = 'done')`;

/** Escapes LIKE wildcards so a search for "100%" means those characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A show with its review row, as stored; `ShowVideos` adds which video is which. */
export interface ShowReviewRow {
  show: ShowRow;
  camperUsername: string;
  /** The family's media release: without it no link plays the video and none is made (decision 027a). */
  camperMediaRelease: boolean;
  review: ReviewRow | null;
  hasVideo: boolean;
}

export class ReviewsRepository {
  constructor(private readonly db: Database) {}

  async find(showId: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(r).where(eq(r.showId, showId));
    return row;
  }

  /** The show (any owner's: callers scope it) with its review. */
  async showWithReview(showId: number): Promise<ShowReviewRow | undefined> {
    const [row] = await this.db
      .select({ show: shows, camperUsername: schema.users.username, camperMediaRelease: schema.users.mediaRelease, review: r, hasVideo })
      .from(shows)
      .innerJoin(schema.users, eq(schema.users.id, shows.userId))
      .leftJoin(r, eq(r.showId, shows.id))
      .where(eq(shows.id, showId));
    return row;
  }

  /**
   * The shows of the campers a staff member reaches (staff's own test shows left out; a counselor's,
   * their cabins' only, filtered here in SQL), most recently changed first.
   */
  async listCamperShows(scope: StaffScope, search: string | undefined, limit: number): Promise<ShowReviewRow[]> {
    const matches = search ? or(ilike(shows.title, likePattern(search)), ilike(schema.users.username, likePattern(search))) : undefined;
    return this.db
      .select({ show: shows, camperUsername: schema.users.username, camperMediaRelease: schema.users.mediaRelease, review: r, hasVideo })
      .from(shows)
      .innerJoin(schema.users, eq(schema.users.id, shows.userId))
      .leftJoin(r, eq(r.showId, shows.id))
      .where(and(camperInScope(scope), matches))
      .orderBy(desc(shows.updatedAt), desc(shows.id))
      .limit(limit);
  }

  /** A show's render (a cabin reel's render is served only by the reel routes, with their scope). */
  async render(id: number): Promise<RenderRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(and(eq(jobs.id, id), isNotNull(jobs.showId)));
    return row;
  }

  /** The newest finished render of the show with this fingerprint. */
  async doneRenderWithFingerprint(showId: number, fingerprint: string): Promise<RenderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.showId, showId), eq(jobs.fingerprint, fingerprint), eq(jobs.status, "done")))
      .orderBy(desc(jobs.id))
      .limit(1);
    return row;
  }

  /**
   * Sends (or sends again) the show's video, pinning that render and its fingerprint; the check stored is
   * the one of that render. A staff note from before stays until the next decision.
   */
  async submit(
    showId: number,
    userId: number,
    sent: { renderJobId: number; fingerprint: string },
    message: string | null,
    personalDetails: PersonalDetailsCheck,
  ): Promise<ReviewRow> {
    const values = { status: "waiting" as const, renderJobId: sent.renderJobId, sentFingerprint: sent.fingerprint, camperMessage: message, personalDetails };
    const [row] = await this.db
      .insert(r)
      .values({ showId, userId, ...values })
      .onConflictDoUpdate({ target: r.showId, set: { ...values, submittedAt: sql`now()` } })
      .returning();
    return row!;
  }

  async decide(
    showId: number,
    decision: { status: "approved" | "changes_requested"; renderJobId: number; staffNote: string | null; decidedBy: number },
  ): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .update(r)
      .set({
        status: decision.status,
        renderJobId: decision.renderJobId,
        staffNote: decision.staffNote,
        decidedBy: decision.decidedBy,
        decidedAt: sql`now()`,
        // Changes asked on the approved video itself take the approval back: its links stop playing it.
        approvedRenderJobId:
          decision.status === "approved"
            ? decision.renderJobId
            : sql`CASE WHEN ${r.approvedRenderJobId} = ${decision.renderJobId} THEN NULL ELSE ${r.approvedRenderJobId} END`,
      })
      .where(eq(r.showId, showId))
      .returning();
    return row;
  }
}
