import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

export type ReelRow = typeof schema.reels.$inferSelect;
export type ReelJobRow = typeof schema.renderJobs.$inferSelect;

const r = schema.reels;
const j = schema.renderJobs;
const users = schema.users;
const shows = schema.shows;
const reviews = schema.showReviews;

/** An approved video with what a reel needs to know of it and its camper. */
export interface ApprovedVideo {
  showId: number;
  title: string;
  camperUserId: number;
  username: string;
  firstName: string | null;
  lastInitial: string | null;
  cabinId: number | null;
  cabinName: string | null;
  campSessionId: number | null;
  mediaRelease: boolean;
  renderJobId: number;
  outputKey: string;
  captionsKey: string | null;
  durationSeconds: number;
}

export interface ReelWithRender {
  reel: ReelRow;
  job: ReelJobRow | null;
  cabinName: string | null;
  sessionName: string | null;
  createdBy: string | null;
}

/** A reel a staff member reaches: the director every one; a counselor their cabins' and the session reels they made. */
function reelInScope(scope: StaffScope, staffUserId: number): SQL {
  if (scope.kind === "all") return sql`true`;
  const mine = and(isNotNull(r.campSessionId), eq(r.createdBy, staffUserId))!;
  return scope.cabinIds.length ? or(inArray(r.cabinId, scope.cabinIds), mine)! : mine;
}

/** Reels, their renders (render_jobs rows with reel_id) and the approved videos they are made of. */
export class ReelsRepository {
  constructor(private readonly db: Database) {}

  async session(id: number) {
    const [row] = await this.db.select({ id: schema.campSessions.id, name: schema.campSessions.name }).from(schema.campSessions).where(eq(schema.campSessions.id, id));
    return row;
  }

  /** The camp sessions the scope's campers are in (every session for the director), by name. */
  sessionChoices(scope: StaffScope) {
    return this.db
      .selectDistinct({ id: schema.campSessions.id, name: schema.campSessions.name })
      .from(schema.campSessions)
      .where(
        scope.kind === "all"
          ? sql`true`
          : sql`exists (select 1 from ${users} where ${users.campSessionId} = ${schema.campSessions.id} and ${camperInScope(scope)})`,
      )
      .orderBy(asc(schema.campSessions.name));
  }

  /**
   * Approved videos (the render staff approved, finished) of campers the scope reaches, filtered by
   * `where` (a group, or show ids), oldest camper first by name.
   */
  async approvedVideos(scope: StaffScope, where: SQL): Promise<ApprovedVideo[]> {
    const rows = await this.db
      .select({
        showId: shows.id,
        title: shows.title,
        camperUserId: users.id,
        username: users.username,
        firstName: users.firstName,
        lastInitial: users.lastInitial,
        cabinId: users.cabinId,
        cabinName: schema.cabins.name,
        campSessionId: users.campSessionId,
        mediaRelease: users.mediaRelease,
        renderJobId: j.id,
        outputKey: j.outputKey,
        captionsKey: j.captionsKey,
        durationSeconds: j.durationSeconds,
      })
      .from(reviews)
      .innerJoin(shows, eq(shows.id, reviews.showId))
      .innerJoin(users, eq(users.id, shows.userId))
      .innerJoin(j, and(eq(j.id, reviews.approvedRenderJobId), eq(j.showId, shows.id), eq(j.status, "done"), isNotNull(j.outputKey)))
      .leftJoin(schema.cabins, eq(schema.cabins.id, users.cabinId))
      .where(and(camperInScope(scope), where))
      .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(shows.id));
    return rows.map((row) => ({ ...row, outputKey: row.outputKey!, durationSeconds: row.durationSeconds ?? 0 }));
  }

  async showInScope(scope: StaffScope, showId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: shows.id }).from(shows).innerJoin(users, eq(users.id, shows.userId)).where(and(eq(shows.id, showId), camperInScope(scope)));
    return !!row;
  }

  groupCondition(group: { cabinId?: number; sessionId?: number }): SQL {
    return group.cabinId !== undefined ? eq(users.cabinId, group.cabinId) : eq(users.campSessionId, group.sessionId!);
  }

  showsCondition(showIds: number[]): SQL {
    return inArray(shows.id, showIds);
  }

  /** The reel and its render, queued together: the workers claim it like any render (turns by who asked). */
  async createWithRender(values: typeof r.$inferInsert, staffUserId: number): Promise<{ reel: ReelRow; job: ReelJobRow }> {
    return this.db.transaction(async (tx) => {
      const [reel] = await tx.insert(r).values(values).returning();
      const [job] = await tx
        .insert(j)
        .values({
          userId: staffUserId,
          reelId: reel!.id,
          // Reels are never reused by fingerprint (each is its own pick); the id keeps the column filled.
          fingerprint: `reel:${reel!.id}`,
          options: { fit: "fit", audio: "original", captions: values.captions },
        })
        .returning();
      return { reel: reel!, job: job! };
    });
  }

  async list(scope: StaffScope, staffUserId: number, limit = 100): Promise<ReelWithRender[]> {
    return this.withRender(reelInScope(scope, staffUserId), limit);
  }

  async findInScope(scope: StaffScope, staffUserId: number, id: number): Promise<ReelWithRender | undefined> {
    const [found] = await this.withRender(and(eq(r.id, id), reelInScope(scope, staffUserId))!, 1);
    return found;
  }

  /** A reel and its finished render, for its share link's watch page (no scope: the token is the key). */
  async findDone(id: number): Promise<{ reel: ReelRow; job: ReelJobRow } | undefined> {
    const [row] = await this.db
      .select({ reel: r, job: j })
      .from(r)
      .innerJoin(j, and(eq(j.reelId, r.id), eq(j.status, "done")))
      .where(eq(r.id, id))
      .orderBy(desc(j.id))
      .limit(1);
    return row;
  }

  async find(id: number): Promise<ReelRow | undefined> {
    const [row] = await this.db.select().from(r).where(eq(r.id, id));
    return row;
  }

  /** Deletes the reel (its render and links go with it) and answers the storage keys to delete. */
  async delete(id: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const files = await tx.select({ out: j.outputKey, cc: j.captionsKey }).from(j).where(eq(j.reelId, id));
      await tx.delete(r).where(eq(r.id, id));
      return files.flatMap((f) => [f.out, f.cc].flatMap((key) => (key ? [key] : [])));
    });
  }

  /**
   * Reels with a part whose approved render is gone: its row deleted (the show, the camper's account or
   * the retention rule) or its file cleared. `items` is jsonb, so each part is looked up by its render id.
   */
  async withMissingParts(): Promise<{ id: number; title: string }[]> {
    return this.db
      .select({ id: r.id, title: r.title })
      .from(r)
      .where(
        sql`exists (select 1 from jsonb_array_elements(${r.items}) as part where not exists (select 1 from ${j} where ${j.id} = (part->>'renderJobId')::int and ${j.outputKey} is not null))`,
      )
      .orderBy(asc(r.id));
  }

  /** The reels of a camp session (they go with it). */
  async ofSession(sessionId: number): Promise<{ id: number; title: string }[]> {
    return this.db.select({ id: r.id, title: r.title }).from(r).where(eq(r.campSessionId, sessionId)).orderBy(asc(r.id));
  }

  /** The renders a reel is made of (by id), finished or not. */
  async renders(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db.select().from(j).where(inArray(j.id, ids));
  }

  /** The campers of those shows now (their media release may have changed since the pick). */
  async campersOfShows(showIds: number[]) {
    if (showIds.length === 0) return [];
    return this.db
      .select({ showId: shows.id, firstName: users.firstName, mediaRelease: users.mediaRelease, title: shows.title, campSessionId: users.campSessionId })
      .from(shows)
      .innerJoin(users, eq(users.id, shows.userId))
      .where(inArray(shows.id, showIds));
  }

  private async withRender(where: SQL, limit: number): Promise<ReelWithRender[]> {
    const latest = sql`(select max(${j.id}) from ${j} where ${j.reelId} = ${r.id})`;
    const rows = await this.db
      .select({ reel: r, job: j, cabinName: schema.cabins.name, sessionName: schema.campSessions.name, createdBy: users.username })
      .from(r)
      .leftJoin(j, eq(j.id, latest))
      .leftJoin(schema.cabins, eq(schema.cabins.id, r.cabinId))
      .leftJoin(schema.campSessions, eq(schema.campSessions.id, r.campSessionId))
      .leftJoin(users, eq(users.id, r.createdBy))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(limit);
    return rows;
  }
}
