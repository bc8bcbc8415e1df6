import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import { schema } from "../../../db/client.ts";

export type ReviewRow = typeof schema.showReviews.$inferSelect;
export type RenderRow = typeof schema.renderJobs.$inferSelect;
type ShowRow = typeof schema.recordings.$inferSelect;

const r = schema.showReviews;
const shows = schema.recordings;
const jobs = schema.renderJobs;

/** The newest finished render of the show in the surrounding query: its final video. */
const currentVideoId = sql<number | null>`(SELECT max(${jobs.id}) FROM ${jobs} WHERE ${jobs.showId} = ${shows.id} AND ${jobs.status} = 'done')`;

/** Escapes LIKE wildcards so a search for "100%" means those characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ShowWithReview {
  show: ShowRow;
  camperUsername: string;
  review: ReviewRow | null;
  currentVideoId: number | null;
}

export class ReviewsRepository {
  constructor(private readonly db: Database) {}

  async find(showId: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(r).where(eq(r.showId, showId));
    return row;
  }

  /** The show (any owner's: callers scope it) with its review and newest finished video. */
  async showWithReview(showId: number): Promise<ShowWithReview | undefined> {
    const [row] = await this.db
      .select({ show: shows, camperUsername: schema.users.username, review: r, currentVideoId })
      .from(shows)
      .innerJoin(schema.users, eq(schema.users.id, shows.userId))
      .leftJoin(r, eq(r.showId, shows.id))
      .where(eq(shows.id, showId));
    return row;
  }

  /** Every camper's shows (staff's own test shows left out), most recently changed first. */
  async listCamperShows(search: string | undefined, limit: number): Promise<ShowWithReview[]> {
    const matches = search ? or(ilike(shows.title, likePattern(search)), ilike(schema.users.username, likePattern(search))) : undefined;
    return this.db
      .select({ show: shows, camperUsername: schema.users.username, review: r, currentVideoId })
      .from(shows)
      .innerJoin(schema.users, eq(schema.users.id, shows.userId))
      .leftJoin(r, eq(r.showId, shows.id))
      .where(and(eq(schema.users.role, "camper"), matches))
      .orderBy(desc(shows.updatedAt), desc(shows.id))
      .limit(limit);
  }

  async render(id: number): Promise<RenderRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /** Submits (or submits again) the show's video; a staff note from before stays until the next decision. */
  async submit(showId: number, userId: number, renderJobId: number, message: string | null, personalDetails: PersonalDetailsCheck): Promise<ReviewRow> {
    const [row] = await this.db
      .insert(r)
      .values({ showId, userId, status: "waiting", renderJobId, camperMessage: message, personalDetails })
      .onConflictDoUpdate({
        target: r.showId,
        set: { status: "waiting", renderJobId, camperMessage: message, personalDetails, submittedAt: sql`now()` },
      })
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
        ...(decision.status === "approved" ? { approvedRenderJobId: decision.renderJobId } : {}),
      })
      .where(eq(r.showId, showId))
      .returning();
    return row;
  }
}
