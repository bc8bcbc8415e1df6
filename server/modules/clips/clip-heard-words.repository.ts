import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { HeardWord } from "../../speech/speech-aligner.ts";

const w = schema.clipHeardWords;

/** What a clip's sound was heard to say, by its content, the listener and the script listened for. */
export interface HeardWordsKey {
  userId: number;
  contentSha256: string;
  listener: string;
  scriptSha256: string;
}

/** Words heard in clips' sound (clip_heard_words), shared by every instance. Owner-scoped like clips. */
export class ClipHeardWordsRepository {
  constructor(private readonly db: Database) {}

  async find(key: HeardWordsKey): Promise<HeardWord[] | undefined> {
    const [row] = await this.db
      .select({ words: w.words })
      .from(w)
      .where(and(eq(w.userId, key.userId), eq(w.contentSha256, key.contentSha256), eq(w.listener, key.listener), eq(w.scriptSha256, key.scriptSha256)));
    return row?.words;
  }

  /** Keeps the words; the same key saved at once by another instance keeps theirs (the same words). */
  async save(key: HeardWordsKey, words: HeardWord[]): Promise<void> {
    await this.db.insert(w).values({ ...key, words }).onConflictDoNothing();
  }

  /** Every word list kept for the camper's clips (their data download holds what was heard in their voice). */
  async listForUser(userId: number): Promise<{ contentSha256: string; listener: string; words: HeardWord[]; createdAt: Date }[]> {
    return this.db
      .select({ contentSha256: w.contentSha256, listener: w.listener, words: w.words, createdAt: w.createdAt })
      .from(w)
      .where(eq(w.userId, userId))
      .orderBy(w.createdAt);
  }

  /** Drops words of content no clip of the camper has any longer (the clip was deleted). */
  async pruneOrphans(): Promise<number> {
    const gone = await this.db
      .delete(w)
      .where(sql`NOT EXISTS (SELECT 1 FROM ${schema.clips} c WHERE c.user_id = ${w.userId} AND c.upload_sha256 = ${w.contentSha256})`)
      .returning({ userId: w.userId });
    return gone.length;
  }
}
