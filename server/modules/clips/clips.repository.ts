import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Clip } from "../../../contracts/clips.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperRowsBefore } from "../auth/users.repository.ts";
import { camperMedia, fileOf, type CamperMedia, type RowFile } from "../../media/row-files.ts";
import type { UploadRow } from "./uploads.repository.ts";

export type ClipRow = typeof schema.clips.$inferSelect;
const t = schema.clips;
const u = schema.uploads;

/**
 * The first key of the per-camper advisory lock their clips' order changes take turns under (the camper's
 * id is the second): two uploads finishing at once would otherwise both read the same last position.
 */
const CLIP_ORDER_LOCK = 727_029;

function lockClipOrder(tx: Database, userId: number) {
  return tx.execute(sql`SELECT pg_advisory_xact_lock(${CLIP_ORDER_LOCK}, ${userId})`);
}

/** The part of a clip a show uses: [start, end) in seconds into the clip. */
export function clipSpan(row: Pick<ClipRow, "trimStartSeconds" | "trimEndSeconds" | "durationSeconds">) {
  const end = Math.min(row.trimEndSeconds ?? row.durationSeconds, row.durationSeconds);
  const start = Math.min(row.trimStartSeconds, end);
  return { start, end, seconds: end - start };
}

export function toClip(row: ClipRow): Clip {
  const span = clipSpan(row);
  return {
    id: row.id,
    showId: row.showId,
    title: row.title,
    position: row.position,
    kind: row.kind,
    mimeType: row.mimeType as Clip["mimeType"],
    durationSeconds: row.durationSeconds,
    sizeBytes: row.sizeBytes,
    uploadedBytes: row.uploadedBytes,
    uploadSha256: row.uploadSha256,
    transcription: row.transcription,
    trimStartSeconds: span.start,
    trimEndSeconds: span.end,
    usedSeconds: span.seconds,
    posterUrl: row.posterKey ? `/api/clips/${row.id}/poster` : null,
    shotId: row.shotId,
    scriptCheck: row.scriptCheck,
    createdAt: row.createdAt.toISOString(),
    mediaUrl: `/api/clips/${row.id}/media`,
    downloadUrl: `/api/clips/${row.id}/media?download=1`,
  };
}

/** The files a clip row names: the clip and its poster. */
export function clipFiles(row: Pick<ClipRow, "storageKey" | "posterKey">): RowFile[] {
  return row.posterKey ? [fileOf(row.storageKey), fileOf(row.posterKey, "-poster")] : [fileOf(row.storageKey)];
}

/** Owner-scoped like shows: another camper's clip is never found. */
export class ClipsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new clip at the end of its story (or of the loose clips). `executor` lets a caller make the clip
   * part of its own transaction. `fromUpload`: the upload it is made from, so it takes its place in the
   * order the camper began the sections (pressed Record, picked a photo: the upload's `begunAt`), not the
   * order their uploads ended: a short photo added after a long take often finishes first, and a take
   * sent again after a failure finishes after sections begun since. It goes before the first clip of the
   * same story whose section began later.
   */
  async create(values: typeof t.$inferInsert, executor: Database = this.db, fromUpload?: Pick<UploadRow, "id">): Promise<ClipRow> {
    return executor.transaction(async (tx) => {
      await lockClipOrder(tx, values.userId);
      const inScope = and(eq(t.userId, values.userId), values.showId ? eq(t.showId, values.showId) : isNull(t.showId));
      let position: number | null = null;
      if (fromUpload) {
        const [{ first } = { first: null }] = await tx
          .select({ first: sql<number | null>`min(${t.position})::int` })
          .from(t)
          // The camper's own uploads (uploads_user_idx), of which those that made a clip here.
          .innerJoin(u, and(eq(u.userId, values.userId), eq(u.clipId, t.id)))
          // Compared in the database: its timestamps have microseconds, a JavaScript Date only milliseconds.
          .where(and(inScope, sql`(${u.begunAt}, ${u.createdAt}, ${u.id}) > (SELECT begun_at, created_at, id FROM ${u} WHERE id = ${fromUpload.id})`));
        if (first !== null) {
          position = first;
          await tx.update(t).set({ position: sql`${t.position} + 1` }).where(and(inScope, sql`${t.position} >= ${first}`));
        }
      }
      if (position === null) {
        const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${t.position}) + 1, 0)::int` }).from(t).where(inScope);
        position = next;
      }
      const [row] = await tx.insert(t).values({ ...values, position }).returning();
      return row!;
    });
  }

  async findOwned(userId: number, id: number): Promise<ClipRow | undefined> {
    const [row] = await this.db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId)));
    return row;
  }

  async list(userId: number, showId: number | null): Promise<ClipRow[]> {
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), showId === null ? isNull(t.showId) : eq(t.showId, showId)))
      .orderBy(asc(t.position), asc(t.id));
  }

  /**
   * The clips of the show's finished video, in order: each shot's chosen take in shot order, then the
   * show's free clips (recorded with no shot) in their order; takes not chosen are left out. A show
   * without shots has only free clips, so this is all its clips, as before shots existed. The render,
   * its fingerprint and the story length check all read this, so every screen and the video agree.
   */
  async videoClips(userId: number, showId: number): Promise<ClipRow[]> {
    const s = schema.shots;
    const rows = await this.db
      .select({ clip: t })
      .from(t)
      .leftJoin(s, and(eq(s.id, t.shotId), eq(s.showId, t.showId)))
      .where(and(eq(t.userId, userId), eq(t.showId, showId), or(isNull(t.shotId), eq(s.chosenClipId, t.id))))
      .orderBy(sql`${s.position} IS NULL`, asc(s.position), asc(s.id), asc(t.position), asc(t.id));
    return rows.map((r) => r.clip);
  }

  async update(
    userId: number,
    id: number,
    changes: Partial<Pick<ClipRow, "title" | "transcription" | "trimStartSeconds" | "trimEndSeconds" | "posterKey" | "scriptCheck" | "durationSeconds">>,
  ) {
    const [row] = await this.db.update(t).set(changes).where(and(eq(t.id, id), eq(t.userId, userId))).returning();
    return row;
  }

  async delete(userId: number, id: number): Promise<ClipRow | undefined> {
    const [row] = await this.db.delete(t).where(and(eq(t.id, id), eq(t.userId, userId))).returning();
    return row;
  }

  /**
   * Puts the listed clips on the show in this order; the show's other clips follow in their order.
   * "invalid" when a listed clip is not the camper's or belongs to another show; "full" when the clips
   * it adds would take the show past `maxSections` parts (shots and free clips), changing nothing.
   */
  async setShowClips(
    userId: number,
    showId: number,
    clipIds: number[],
    maxSections: number,
    /** Lets a caller make the change part of its own transaction (a show being created). */
    executor: Database = this.db,
  ): Promise<"ok" | "invalid" | "full"> {
    return executor.transaction(async (tx) => {
      // The show first (as the shot list locks it before its takes), so parts added at once are counted in turn.
      await tx.select({ id: schema.shows.id }).from(schema.shows).where(eq(schema.shows.id, showId)).for("update");
      await lockClipOrder(tx, userId);
      const listed = clipIds.length
        ? await tx.select().from(t).where(and(eq(t.userId, userId), inArray(t.id, clipIds))).for("update")
        : [];
      const unique = new Set(clipIds);
      if (unique.size !== clipIds.length || listed.length !== clipIds.length) return "invalid";
      if (listed.some((c) => c.showId !== null && c.showId !== showId)) return "invalid";
      const added = listed.filter((c) => c.showId === null).length;
      if (added > 0 && (await this.sectionsOf(showId, tx)) + added > maxSections) return "full";
      const others = (
        await tx
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.userId, userId), eq(t.showId, showId)))
          .orderBy(asc(t.position), asc(t.id))
      ).filter((c) => !unique.has(c.id));
      const order = [...clipIds, ...others.map((c) => c.id)];
      for (const [position, id] of order.entries()) {
        await tx.update(t).set({ showId, position }).where(and(eq(t.id, id), eq(t.userId, userId)));
      }
      return "ok";
    });
  }

  /** The parts a show's video is made of: its shots and its clips recorded for no shot. */
  async sectionsOf(showId: number, executor: Database = this.db): Promise<number> {
    const count = sql<number>`count(*)::int`;
    const [shots] = await executor.select({ n: count }).from(schema.shots).where(eq(schema.shots.showId, showId));
    const [free] = await executor.select({ n: count }).from(t).where(and(eq(t.showId, showId), isNull(t.shotId)));
    return (shots?.n ?? 0) + (free?.n ?? 0);
  }

  /** Storage keys of a show's clips (to delete the files once the rows are gone). */
  async storageKeysOfShow(userId: number, showId: number): Promise<string[]> {
    const rows = await this.db
      .select({ storageKey: t.storageKey, posterKey: t.posterKey })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.showId, showId)));
    return rows.flatMap((r) => clipFiles(r).map((f) => f.key));
  }

  /** Every clip of the camper, loose ones too, in their order (the camper's export). */
  async listOfUser(userId: number): Promise<ClipRow[]> {
    return this.db.select().from(t).where(eq(t.userId, userId)).orderBy(asc(t.position), asc(t.id));
  }

  /** Campers' clips made before `before`, oldest first, with their files (what the retention rule deletes). */
  async camperMediaBefore(before: Date): Promise<CamperMedia[]> {
    const rows = await camperRowsBefore(this.db, t, { userId: t.userId, createdAt: t.createdAt, order: t.id }, before);
    return rows.map(({ row, username }) => camperMedia(row, username, clipFiles(row)));
  }

  /** `executor`: the retention rule's transaction. */
  async deleteByIds(ids: number[], executor: Database = this.db): Promise<void> {
    if (ids.length) await executor.delete(t).where(inArray(t.id, ids));
  }
}
