import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Show } from "../../../contracts/shows.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { fastStatement } from "../../../db/row-mapper.ts";

export type ShowRow = typeof schema.shows.$inferSelect;
export type NewShow = Omit<typeof schema.shows.$inferInsert, "id" | "userId" | "createdAt" | "updatedAt">;
export type ShowChanges = Partial<NewShow>;

const t = schema.shows;

/** The one place a row becomes what the API shows. */
export function toShow(row: ShowRow): Show {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    videoUrl: row.videoUrl,
    transcription: row.transcription,
    summary: row.summary,
    narration: row.narration,
    prompts: row.prompts,
    responses: row.responses,
    engagement: row.engagement ?? null,
    isDraft: row.isDraft,
    tone: row.tone,
    videoFormat: row.videoFormat,
    lengthSeconds: row.lengthSeconds,
    audioSource: row.audioSource,
    originalNarration: row.originalNarration,
    voice: row.voice,
    fit: row.fit,
    captions: row.captions,
    music: row.music,
    musicLevel: row.musicLevel,
    transitions: row.transitions,
    captionStyle: row.captionStyle,
    titleCard: row.titleCard,
    titleCardName: row.titleCardName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where a page ends. The time is the exact microsecond text PostgreSQL keeps (a JS Date drops them). */
export interface ListPosition {
  createdAt: string;
  id: number;
}

const exactCreatedAt = sql<string>`to_char(${t.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("exact_created_at");

/**
 * Every query names the owner in its WHERE clause: a show of another camper is never read,
 * changed or deleted, and is indistinguishable from one that does not exist.
 */
export class ShowsRepository {
  constructor(private readonly db: Database) {}

  async findOwned(userId: number, id: number): Promise<ShowRow | undefined> {
    const [row] = await this.db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId)));
    return row;
  }

  /** Every show of the camper, oldest first (the camper's export). */
  async listOfUser(userId: number): Promise<ShowRow[]> {
    return this.db.select().from(t).where(eq(t.userId, userId)).orderBy(asc(t.id));
  }

  /**
   * The first page, the list every screen opens with, as a prepared statement: its SQL is built once
   * and PostgreSQL parses and plans it once per connection (a third of a list request's time went to
   * building the same SQL again). Its rows are read as arrays and decoded once (db/row-mapper.ts).
   */
  private firstPage?: ReturnType<ShowsRepository["prepareFirstPage"]>;

  private prepareFirstPage() {
    const statement = this.db
      .select({ show: t, exactCreatedAt })
      .from(t)
      .where(eq(t.userId, sql.placeholder("userId")))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(sql.placeholder("limit"))
      .prepare("shows_first_page");
    return fastStatement(statement);
  }

  /** Newest first; `after` continues from the last show of the previous page. */
  async listOwned(userId: number, limit: number, after?: ListPosition): Promise<{ show: ShowRow; position: ListPosition }[]> {
    if (!after) {
      const rows = await (this.firstPage ??= this.prepareFirstPage()).execute({ userId, limit });
      return rows.map(({ show, exactCreatedAt }) => ({ show, position: { createdAt: exactCreatedAt, id: show.id } }));
    }
    const rows = await this.db
      .select({ show: t, exactCreatedAt })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          or(
            lt(t.createdAt, sql`${after.createdAt}::timestamptz`),
            and(eq(t.createdAt, sql`${after.createdAt}::timestamptz`), lt(t.id, after.id)),
          ),
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit);
    return rows.map(({ show, exactCreatedAt }) => ({ show, position: { createdAt: exactCreatedAt, id: show.id } }));
  }

  /**
   * Creates a show unless the owner's plan is full. The owner's row is locked first, so concurrent
   * creates and deletes of one camper queue up and `shows_count` always equals the real count.
   */
  async createWithinLimit(
    userId: number,
    values: NewShow,
    freeLimit: number,
    /** Lets a caller make the show part of its own transaction. */
    executor: Database = this.db,
  ): Promise<ShowRow | "limit-reached"> {
    return executor.transaction(async (tx) => {
      const [owner] = await tx
        .select({ tier: schema.users.subscriptionTier, role: schema.users.role })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
        .for("update");
      if (!owner) throw new Error(`user ${userId} vanished while creating a show`);
      // Staff (trying the app out for their camp) have no free-tier cap.
      if (owner.tier === "free" && owner.role === "camper") {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t)
          .where(eq(t.userId, userId));
        if (n >= freeLimit) return "limit-reached";
      }
      const [row] = await tx.insert(t).values({ ...values, userId }).returning();
      await this.recount(tx, userId);
      return row!;
    });
  }

  /** The show a device's create request with this draft key already made, if any. */
  async findByDraftKey(userId: number, draftKey: string): Promise<ShowRow | undefined> {
    const [row] = await this.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.draftKey, draftKey)))
      .limit(1);
    return row;
  }

  /**
   * The id of the show a draft key made, locked for the transaction `tx` (as adding a part to a show
   * locks it, so parts added at once are counted in turn); undefined while the story is unsaved.
   */
  async lockByDraftKey(tx: Database, userId: number, draftKey: string): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.draftKey, draftKey)))
      .for("update");
    return row?.id;
  }

  async updateOwned(userId: number, id: number, changes: ShowChanges): Promise<ShowRow | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .returning();
    return row;
  }

  /** The show's video is its first clip's (a show made by a one-shot upload); `executor` as in createWithinLimit. */
  async setVideoUrl(userId: number, id: number, videoUrl: string, executor: Database = this.db): Promise<void> {
    await executor.update(t).set({ videoUrl }).where(and(eq(t.id, id), eq(t.userId, userId)));
  }

  /** Runs `work` in one transaction, so a new show and what it starts with are seen together or not at all. */
  async transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async deleteOwned(userId: number, id: number): Promise<ShowRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId)).for("update");
      const [row] = await tx.delete(t).where(and(eq(t.id, id), eq(t.userId, userId))).returning();
      if (row) await this.recount(tx, userId);
      return row;
    });
  }

  private async recount(tx: Pick<Database, "update">, userId: number) {
    await tx
      .update(schema.users)
      .set({ showsCount: sql`(SELECT count(*)::int FROM ${t} WHERE ${t.userId} = ${userId})` })
      .where(eq(schema.users.id, userId));
  }
}
