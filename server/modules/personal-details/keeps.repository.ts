import { and, eq } from "drizzle-orm";
import type { PersonalDetailKind } from "../../../contracts/personal-details.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const k = schema.personalDetailKeeps;

/** Phrases a camper kept ("It's OK to share") in a show (personal_detail_keeps), by keptKey(). */
export class KeepsRepository {
  constructor(private readonly db: Database) {}

  async keep(showId: number, values: { key: string; kind: PersonalDetailKind; phrase: string }): Promise<void> {
    await this.db
      .insert(k)
      .values({ showId, ...values })
      .onConflictDoNothing();
  }

  async unkeep(showId: number, key: string): Promise<void> {
    await this.db.delete(k).where(and(eq(k.showId, showId), eq(k.key, key)));
  }

  async keys(showId: number): Promise<Set<string>> {
    const rows = await this.db.select({ key: k.key }).from(k).where(eq(k.showId, showId));
    return new Set(rows.map((r) => r.key));
  }
}
