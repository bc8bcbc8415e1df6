import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const cabins = schema.cabins;
const staffCabins = schema.staffCabins;

/** The camp's cabins, and which of them each counselor looks after (staff_cabins). */
export class CabinsRepository {
  constructor(private readonly db: Database) {}

  /** Finds cabins by name (any letter case), making the ones that do not exist yet. */
  async ensure(names: string[]): Promise<{ id: number; name: string }[]> {
    if (names.length === 0) return [];
    await this.db.insert(cabins).values(names.map((name) => ({ name }))).onConflictDoNothing();
    return this.db
      .select({ id: cabins.id, name: cabins.name })
      .from(cabins)
      .where(inArray(sql`lower(${cabins.name})`, names.map((n) => n.toLowerCase())));
  }

  /** The cabin with this id, or undefined. */
  async named(cabinId: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db.select({ id: cabins.id, name: cabins.name }).from(cabins).where(eq(cabins.id, cabinId));
    return row;
  }

  /** Every cabin (or only these ids), by name. */
  list(ids?: number[]): Promise<{ id: number; name: string }[]> {
    if (ids?.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: cabins.id, name: cabins.name })
      .from(cabins)
      .where(ids ? inArray(cabins.id, ids) : undefined)
      .orderBy(asc(cabins.name));
  }

  /** Sets the cabins a staff member looks after (replacing the ones they had). */
  async setStaffCabins(staffUserId: number, cabinIds: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffCabins).where(eq(staffCabins.staffUserId, staffUserId));
      if (cabinIds.length) await tx.insert(staffCabins).values(cabinIds.map((cabinId) => ({ staffUserId, cabinId })));
    });
  }

  /** The ids of the cabins a staff member looks after. */
  async cabinIdsOf(staffUserId: number): Promise<number[]> {
    const rows = await this.db.select({ cabinId: staffCabins.cabinId }).from(staffCabins).where(eq(staffCabins.staffUserId, staffUserId));
    return rows.map((r) => r.cabinId);
  }

  /** The names of the cabins these staff members look after, by name. */
  async namesOfStaff(staffUserIds: number[]): Promise<{ staffUserId: number; name: string }[]> {
    if (staffUserIds.length === 0) return [];
    return this.db
      .select({ staffUserId: staffCabins.staffUserId, name: cabins.name })
      .from(staffCabins)
      .innerJoin(cabins, eq(cabins.id, staffCabins.cabinId))
      .where(inArray(staffCabins.staffUserId, staffUserIds))
      .orderBy(asc(cabins.name));
  }
}
