import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

export type ShareRow = typeof schema.shareLinks.$inferSelect;
const s = schema.shareLinks;

/** Share links by show, by id and by the hash of their token. Callers scope them to an owner. */
export class SharesRepository {
  constructor(private readonly db: Database) {}

  async create(values: { showId: number | null; reelId?: number | null; userId: number; tokenHash: string; createdBy: number; expiresAt: Date }): Promise<ShareRow> {
    const [row] = await this.db.insert(s).values(values).returning();
    return row!;
  }

  async listForShow(showId: number): Promise<ShareRow[]> {
    return this.db.select().from(s).where(eq(s.showId, showId)).orderBy(desc(s.createdAt), desc(s.id));
  }

  async listForReel(reelId: number): Promise<ShareRow[]> {
    return this.db.select().from(s).where(eq(s.reelId, reelId)).orderBy(desc(s.createdAt), desc(s.id));
  }

  async find(id: number): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(s).where(eq(s.id, id));
    return row;
  }

  async findByTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(s).where(eq(s.tokenHash, tokenHash));
    return row;
  }

  /** Ends a link now; a link already revoked keeps its first revocation. */
  async revoke(id: number, revokedBy: number): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .update(s)
      .set({ revokedAt: sql`coalesce(${s.revokedAt}, now())`, revokedBy: sql`coalesce(${s.revokedBy}, ${revokedBy})` })
      .where(eq(s.id, id))
      .returning();
    return row;
  }

  /** One more view, counted in the database so every instance adds to the same number. */
  async countView(id: number): Promise<void> {
    await this.db
      .update(s)
      .set({ views: sql`${s.views} + 1`, lastViewedAt: sql`now()` })
      .where(and(eq(s.id, id)));
  }
}
