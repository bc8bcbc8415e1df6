import { eq } from "drizzle-orm";
import { schema } from "../db/client.ts";
import { ensureCabins } from "../server/modules/staff/staff-accounts.ts";
import { testDatabase } from "./test-database.ts";
import { CabinsRepository } from "../server/modules/staff/cabins.repository.ts";

/**
 * Puts a camper in a cabin (made when new) and, when named, a camp session, as the roster would: the
 * tests of what counselors reach and of the cabin board.
 */
export async function placeCamper(userId: number, cabin: string, session?: string): Promise<{ cabinId: number; sessionId: number | null }> {
  const { db } = await testDatabase();
  const [found] = await ensureCabins(new CabinsRepository(db), [cabin]);
  let sessionId: number | null = null;
  if (session) {
    await db.insert(schema.campSessions).values({ name: session }).onConflictDoNothing();
    const rows = await db.select().from(schema.campSessions);
    sessionId = rows.find((s) => s.name.toLowerCase() === session.toLowerCase())!.id;
  }
  await db.update(schema.users).set({ cabinId: found!.id, campSessionId: sessionId }).where(eq(schema.users.id, userId));
  return { cabinId: found!.id, sessionId };
}

/** Gives or withdraws a camper's media release (as a roster row or staff would). */
export async function setMediaRelease(userId: number, mediaRelease: boolean): Promise<void> {
  const { db } = await testDatabase();
  await db.update(schema.users).set({ mediaRelease }).where(eq(schema.users.id, userId));
}
