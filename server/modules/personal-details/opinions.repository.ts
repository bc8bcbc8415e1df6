import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import type { SecondOpinionFinding } from "../../privacy/ai-second-opinion.ts";

const o = schema.personalDetailOpinions;

/** The AI's second opinion on a show's texts as last asked (personal_detail_opinions: one row a show). */
export class OpinionsRepository {
  constructor(private readonly db: Database) {}

  /** What the AI found in exactly these texts, if it was asked about them last. */
  async find(showId: number, textsSha256: string): Promise<SecondOpinionFinding[] | undefined> {
    const [row] = await this.db.select({ findings: o.findings }).from(o).where(and(eq(o.showId, showId), eq(o.textsSha256, textsSha256)));
    return row?.findings;
  }

  async save(showId: number, textsSha256: string, findings: SecondOpinionFinding[]): Promise<void> {
    await this.db
      .insert(o)
      .values({ showId, textsSha256, findings })
      .onConflictDoUpdate({ target: o.showId, set: { textsSha256, findings, createdAt: sql`now()` } });
  }
}
