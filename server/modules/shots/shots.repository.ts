import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { ScriptCheck } from "../../../contracts/shots.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { ShowRow } from "../shows/shows.repository.ts";

export type ShotRow = typeof schema.shots.$inferSelect;
export interface TakeRow {
  id: number;
  shotId: number;
  scriptCheck: ScriptCheck | null;
}
/** A shot as it should be: a kept one (its id) or a new one (null). */
export interface LaidShot {
  id: number | null;
  text: string;
}

const s = schema.shots;
const c = schema.clips;
const r = schema.shows;

/**
 * Shots are reached only through their show, and the show only through its owner: another camper's
 * show or shot is never read or changed. Changes run in a transaction holding the show's row lock, so
 * two requests never lay a show's shots out twice or follow one edit twice.
 */
export class ShotsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in a transaction holding the owner's show row locked; undefined when it is not theirs. */
  async withLockedShow<T>(userId: number, showId: number, work: (tx: Database, show: ShowRow) => Promise<T>): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const [show] = await tx.select().from(r).where(and(eq(r.id, showId), eq(r.userId, userId))).for("update");
      return show ? work(tx, show) : undefined;
    });
  }

  /** The show's shots in order, outside any transaction (reading only; the caller checked the owner). */
  async listShots(showId: number): Promise<ShotRow[]> {
    return this.shotsOf(this.db, showId);
  }

  /** The shots of every show of the camper, show by show in order (the camper's export). */
  async shotsOfUser(userId: number): Promise<Pick<ShotRow, "id" | "showId" | "text" | "chosenClipId">[]> {
    return this.db
      .select({ id: s.id, showId: s.showId, text: s.text, chosenClipId: s.chosenClipId })
      .from(s)
      .innerJoin(r, eq(r.id, s.showId))
      .where(eq(r.userId, userId))
      .orderBy(asc(s.showId), asc(s.position), asc(s.id));
  }

  async shotsOf(tx: Database, showId: number): Promise<ShotRow[]> {
    return tx.select().from(s).where(eq(s.showId, showId)).orderBy(asc(s.position), asc(s.id));
  }

  /** The show's clips recorded for no shot: with the shots, the parts of its video. */
  async freeClipCount(tx: Database, showId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(and(eq(c.showId, showId), isNull(c.shotId)));
    return row?.n ?? 0;
  }

  /** The show's takes (clips recorded for one of its shots), oldest first. */
  async takesOf(tx: Database, showId: number): Promise<TakeRow[]> {
    const rows = await tx
      .select({ id: c.id, shotId: c.shotId, scriptCheck: c.scriptCheck })
      .from(c)
      .where(and(eq(c.showId, showId), isNotNull(c.shotId)))
      .orderBy(asc(c.createdAt), asc(c.id));
    return rows.map((row) => ({ id: row.id, shotId: row.shotId!, scriptCheck: row.scriptCheck ?? null }));
  }

  /**
   * Makes the show's shots `layout`, in that order: kept shots move and take their new text, new
   * ones are added, and `dropped` shots go after handing their takes to the shot at index `takesTo`
   * (their takes are never lost, and never turn into free clips of the finished video).
   */
  async saveLayout(tx: Database, showId: number, layout: LaidShot[], dropped: { id: number; takesTo: number | null }[] = []): Promise<void> {
    const current = new Map((await this.shotsOf(tx, showId)).map((row) => [row.id, row]));
    const ids: number[] = [];
    for (const [position, shot] of layout.entries()) {
      if (shot.id === null) {
        const [row] = await tx.insert(s).values({ showId, position, text: shot.text }).returning({ id: s.id });
        ids.push(row!.id);
        continue;
      }
      const was = current.get(shot.id);
      if (was && (was.position !== position || was.text !== shot.text)) {
        await tx.update(s).set({ position, text: shot.text, updatedAt: sql`now()` }).where(and(eq(s.id, shot.id), eq(s.showId, showId)));
      }
      ids.push(shot.id);
    }
    for (const gone of dropped) {
      const heir = gone.takesTo === null ? undefined : ids[gone.takesTo];
      if (heir !== undefined) await tx.update(c).set({ shotId: heir }).where(and(eq(c.shotId, gone.id), eq(c.showId, showId)));
    }
    if (dropped.length) await tx.delete(s).where(and(eq(s.showId, showId), inArray(s.id, dropped.map((d) => d.id))));
  }

  async setChosen(tx: Database, showId: number, shotId: number, clipId: number | null): Promise<void> {
    await tx.update(s).set({ chosenClipId: clipId }).where(and(eq(s.id, shotId), eq(s.showId, showId)));
  }

  /** Whether the clip is a take of this shot (the shot's show's, so the owner's). */
  async isTakeOf(tx: Database, showId: number, shotId: number, clipId: number): Promise<boolean> {
    const [row] = await tx.select({ id: c.id }).from(c).where(and(eq(c.id, clipId), eq(c.shotId, shotId), eq(c.showId, showId)));
    return Boolean(row);
  }

  /** A narration change from the shot list is a show edit like any other (updatedAt moves). */
  async setNarration(tx: Database, showId: number, narration: string): Promise<void> {
    await tx.update(r).set({ narration, updatedAt: sql`now()` }).where(eq(r.id, showId));
  }

  /**
   * The owner's shot (owner-scoped through its show) with its show and its lines: what a take is about
   * to be recorded for, or checked against. Undefined when not theirs or gone.
   */
  async findOwnedShot(userId: number, shotId: number): Promise<{ id: number; showId: number; text: string } | undefined> {
    const [row] = await this.db
      .select({ id: s.id, showId: s.showId, text: s.text })
      .from(s)
      .innerJoin(r, eq(r.id, s.showId))
      .where(and(eq(s.id, shotId), eq(r.userId, userId)));
    return row;
  }

  /**
   * In the transaction that saves a finished take: whether its shot is still there (a narration edit may
   * have dropped it while the bytes arrived). The show's row lock keeps the shot list from changing
   * until the take is saved.
   */
  async lockShotForTake(tx: Database, showId: number, shotId: number): Promise<boolean> {
    await tx.select({ id: r.id }).from(r).where(eq(r.id, showId)).for("update");
    const [row] = await tx.select({ id: s.id }).from(s).where(and(eq(s.id, shotId), eq(s.showId, showId)));
    return Boolean(row);
  }

  /**
   * A new take becomes its shot's chosen take when the shot has none: its first take, the first after
   * the chosen one was deleted, or the first of its own after takes of a dropped shot (which say other
   * lines) moved in. Otherwise it waits for the camper to choose it.
   */
  async chooseFirstTake(tx: Database, shotId: number, clipId: number): Promise<void> {
    await tx.update(s).set({ chosenClipId: clipId }).where(and(eq(s.id, shotId), isNull(s.chosenClipId)));
  }
}
