import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export type VoiceOverRow = typeof schema.voiceOvers.$inferSelect;
export type VoiceSampleRow = typeof schema.voiceSamples.$inferSelect;
const vo = schema.voiceOvers;
const vs = schema.voiceSamples;

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
    const rows = await this.db.select({ key: vo.storageKey }).from(vo).where(and(eq(vo.showId, showId), eq(vo.userId, userId)));
    return rows.map((row) => row.key);
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
