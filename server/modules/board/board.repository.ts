import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

const users = schema.users;
const shows = schema.shows;
const clips = schema.clips;
const reviews = schema.showReviews;
const links = schema.shareLinks;

export interface BoardFilter {
  scope: StaffScope;
  cabinId?: number;
  sessionId?: number;
}

/**
 * The board's reads: three queries for a whole camp, whatever its size (campers with when they last
 * worked; each camper's newest show with its review, clip count and live links; the reviews waiting),
 * every one filtered by the staff member's scope in SQL.
 */
export class BoardRepository {
  constructor(private readonly db: Database) {}

  private campersWhere(filter: BoardFilter): SQL {
    return and(
      camperInScope(filter.scope),
      filter.cabinId === undefined ? undefined : eq(users.cabinId, filter.cabinId),
      filter.sessionId === undefined ? undefined : eq(users.campSessionId, filter.sessionId),
    )!;
  }

  async campers(filter: BoardFilter) {
    // GREATEST skips nulls: a camper with shows but no clips (or the other way) still has a time.
    const lastWorkedAt = sql<Date | null>`GREATEST(
      (SELECT max(${shows.updatedAt}) FROM ${shows} WHERE ${shows.userId} = ${users.id}),
      (SELECT max(${clips.createdAt}) FROM ${clips} WHERE ${clips.userId} = ${users.id}))`.mapWith(shows.updatedAt);
    return this.db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastInitial: users.lastInitial,
        mediaRelease: users.mediaRelease,
        cabinId: schema.cabins.id,
        cabinName: schema.cabins.name,
        sessionId: schema.campSessions.id,
        sessionName: schema.campSessions.name,
        lastWorkedAt,
      })
      .from(users)
      .leftJoin(schema.cabins, eq(schema.cabins.id, users.cabinId))
      .leftJoin(schema.campSessions, eq(schema.campSessions.id, users.campSessionId))
      .where(this.campersWhere(filter));
  }

  /** Each camper's newest show (by its last change) with what its step is read from. */
  async newestShows(filter: BoardFilter) {
    return this.db
      .selectDistinctOn([shows.userId], {
        userId: shows.userId,
        id: shows.id,
        title: shows.title,
        isDraft: shows.isDraft,
        responses: shows.responses,
        narration: shows.narration,
        review: {
          status: reviews.status,
          renderJobId: reviews.renderJobId,
          sentFingerprint: reviews.sentFingerprint,
          approvedRenderJobId: reviews.approvedRenderJobId,
        },
        // The owner in the condition lets clips_user_show_idx answer it.
        clipCount: sql<number>`(SELECT count(*) FROM ${clips} WHERE ${clips.userId} = ${shows.userId} AND ${clips.showId} = ${shows.id})`.mapWith(Number),
        liveLink: sql<boolean>`EXISTS (SELECT 1 FROM ${links} WHERE ${links.showId} = ${shows.id} AND ${links.revokedAt} IS NULL AND ${links.expiresAt} > now())`.mapWith(Boolean),
      })
      .from(shows)
      .innerJoin(users, eq(users.id, shows.userId))
      .leftJoin(reviews, eq(reviews.showId, shows.id))
      .where(this.campersWhere(filter))
      .orderBy(shows.userId, desc(shows.updatedAt), desc(shows.id));
  }

  /** Every show waiting for review, longest waiting first. */
  async waitingReviews(filter: BoardFilter) {
    return this.db
      .select({ userId: reviews.userId, showId: reviews.showId, submittedAt: reviews.submittedAt })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.status, "waiting"), this.campersWhere(filter)))
      .orderBy(asc(reviews.submittedAt), asc(reviews.showId));
  }

  /** The camp's sessions, by name. */
  sessions() {
    return this.db.select({ id: schema.campSessions.id, name: schema.campSessions.name }).from(schema.campSessions).orderBy(asc(schema.campSessions.name));
  }
}
