import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperRowsBefore } from "../auth/users.repository.ts";
import { camperMedia, fileOf, type CamperMedia, type RowFile } from "../../media/row-files.ts";

export type VoiceOverRow = typeof schema.voiceOvers.$inferSelect;
export type VoiceSampleRow = typeof schema.voiceSamples.$inferSelect;
const vo = schema.voiceOvers;
const vs = schema.voiceSamples;

/** The file a voice-over or voice sample row names. */
export const voiceFiles = (row: { storageKey: string }): RowFile[] => [fileOf(row.storageKey)];

/** Voice-overs and voice samples. A camper reads only their own: every owner query names the owner. */
export class VoiceRepository {
  constructor(private readonly db: Database) {}

  /** The camper's latest voice-over in this voice of this provider (any script): its sentences and length. */
  async latestReadingIn(userId: number, voice: string, provider: string): Promise<Pick<VoiceOverRow, "sentences" | "durationSeconds"> | undefined> {
    const [row] = await this.db
      .select({ sentences: vo.sentences, durationSeconds: vo.durationSeconds })
      .from(vo)
      .where(and(eq(vo.userId, userId), eq(vo.voice, voice), eq(vo.provider, provider)))
      .orderBy(desc(vo.createdAt), desc(vo.id))
      .limit(1);
    return row;
  }

  /** The show's voice-over of exactly this text in this voice of this provider, if one was made. */
  async findReading(showId: number, textSha256: string, provider: string, voice: string): Promise<VoiceOverRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vo)
      .where(and(eq(vo.showId, showId), eq(vo.textSha256, textSha256), eq(vo.provider, provider), eq(vo.voice, voice)));
    return row;
  }

  /** Saves a reading; undefined when another request saved the same reading meanwhile. */
  async createReading(values: typeof vo.$inferInsert): Promise<VoiceOverRow | undefined> {
    const [row] = await this.db.insert(vo).values(values).onConflictDoNothing().returning();
    return row;
  }

  async latestOfShow(userId: number, showId: number): Promise<VoiceOverRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vo)
      .where(and(eq(vo.showId, showId), eq(vo.userId, userId)))
      .orderBy(desc(vo.createdAt), desc(vo.id))
      .limit(1);
    return row;
  }

  async findOwned(userId: number, id: number): Promise<VoiceOverRow | undefined> {
    const [row] = await this.db.select().from(vo).where(and(eq(vo.id, id), eq(vo.userId, userId)));
    return row;
  }

  /** Storage keys of a show's voice-overs (to delete the files once the rows are gone). */
  async storageKeysOfShow(userId: number, showId: number): Promise<string[]> {
    const rows = await this.db.select({ storageKey: vo.storageKey }).from(vo).where(and(eq(vo.showId, showId), eq(vo.userId, userId)));
    return rows.flatMap((row) => voiceFiles(row).map((f) => f.key));
  }

  /** Every voice-over of the camper, oldest first (the camper's export). */
  async voiceOversOfUser(userId: number): Promise<VoiceOverRow[]> {
    return this.db.select().from(vo).where(eq(vo.userId, userId)).orderBy(asc(vo.id));
  }

  /** Campers' voice-overs made before `before`, oldest first, with their files (what the retention rule deletes). */
  async camperVoiceOversBefore(before: Date): Promise<CamperMedia[]> {
    const rows = await camperRowsBefore(this.db, vo, { userId: vo.userId, createdAt: vo.createdAt, order: vo.id }, before);
    return rows.map(({ row, username }) => camperMedia(row, username, voiceFiles(row)));
  }

  /** Campers' voice samples made before `before` (a sample's id is its camper's), with their files. */
  async camperSamplesBefore(before: Date): Promise<CamperMedia[]> {
    const rows = await camperRowsBefore(this.db, vs, { userId: vs.userId, createdAt: vs.createdAt, order: vs.userId }, before);
    return rows.map(({ row, username }) => camperMedia({ ...row, id: row.userId, showId: null }, username, voiceFiles(row)));
  }

  /** `executor`: the retention rule's transaction. */
  async deleteVoiceOvers(ids: number[], executor: Database = this.db): Promise<void> {
    if (ids.length) await executor.delete(vo).where(inArray(vo.id, ids));
  }

  /** The samples of these campers; `executor` as in deleteVoiceOvers. */
  async deleteSamplesOf(userIds: number[], executor: Database = this.db): Promise<void> {
    if (userIds.length) await executor.delete(vs).where(inArray(vs.userId, userIds));
  }

  async findSample(userId: number): Promise<VoiceSampleRow | undefined> {
    const [row] = await this.db.select().from(vs).where(eq(vs.userId, userId));
    return row;
  }

  /** A camper has one sample: a new one takes the old one's place, which is returned (its file is the caller's to delete). */
  async replaceSample(tx: Database, values: typeof vs.$inferInsert): Promise<VoiceSampleRow | undefined> {
    const [previous] = await tx.select().from(vs).where(eq(vs.userId, values.userId)).for("update");
    await tx.insert(vs).values(values).onConflictDoUpdate({ target: vs.userId, set: values });
    return previous;
  }

  async deleteSample(userId: number): Promise<VoiceSampleRow | undefined> {
    const [row] = await this.db.delete(vs).where(eq(vs.userId, userId)).returning();
    return row;
  }
}
