import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const r = schema.campRetention;
/** The camp has one rule: its row's id. */
const RULE_ID = 1;

export type RuleRow = typeof r.$inferSelect;

/** The camp's media retention rule (camp_retention, one row). */
export class RetentionRepository {
  constructor(private readonly db: Database) {}

  async rule(): Promise<RuleRow | undefined> {
    const [row] = await this.db.select().from(r).where(eq(r.id, RULE_ID));
    return row;
  }

  /** Sets the rule, replacing the one there was (and whether it ran). */
  async save(values: Omit<RuleRow, "id">): Promise<RuleRow> {
    const row = { id: RULE_ID, ...values };
    const [saved] = await this.db.insert(r).values(row).onConflictDoUpdate({ target: r.id, set: row }).returning();
    return saved!;
  }

  /** Removes the rule; whether there was one. */
  async clear(): Promise<boolean> {
    const [row] = await this.db.delete(r).where(eq(r.id, RULE_ID)).returning();
    return !!row;
  }

  /**
   * Carries the rule out: runs `work` (the deletions, each repository's on the transaction it is given)
   * and marks the rule done, in one transaction, so the deletions and the mark commit together.
   */
  carryOut<T>(now: Date, work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const result = await work(tx);
      await tx.update(r).set({ executedAt: now }).where(eq(r.id, RULE_ID));
      return result;
    });
  }
}
