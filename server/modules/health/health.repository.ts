import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";

/** The readiness check's one question to the database: does it answer a query at all. */
export class HealthRepository {
  constructor(private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`SELECT 1`);
  }
}
