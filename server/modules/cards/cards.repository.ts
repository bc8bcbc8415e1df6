import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { camperInScope } from "../auth/users.repository.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

const users = schema.users;

/** What a card prints about its camper (all but the code). */
export interface CardHolder {
  userId: number;
  username: string;
  firstName: string | null;
  lastInitial: string | null;
  cabin: string | null;
  session: string | null;
}

/** The campers sign-in cards are issued for. */
export class CardsRepository {
  constructor(private readonly db: Database) {}

  private holders(where: SQL) {
    return this.db
      .select({
        userId: users.id,
        username: users.username,
        firstName: users.firstName,
        lastInitial: users.lastInitial,
        cabin: schema.cabins.name,
        session: schema.campSessions.name,
      })
      .from(users)
      .leftJoin(schema.cabins, eq(schema.cabins.id, users.cabinId))
      .leftJoin(schema.campSessions, eq(schema.campSessions.id, users.campSessionId))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastInitial), asc(users.id));
  }

  /** The camper, when the scope reaches them. */
  async holder(scope: StaffScope, camperUserId: number): Promise<CardHolder | undefined> {
    const [row] = await this.holders(and(eq(users.id, camperUserId), camperInScope(scope))!);
    return row;
  }

  /** Every camper of the cabin (of one camp session, when given) that the scope reaches, by first name. */
  cabinHolders(scope: StaffScope, cabinId: number, sessionId: number | undefined): Promise<CardHolder[]> {
    return this.holders(and(eq(users.cabinId, cabinId), sessionId === undefined ? undefined : eq(users.campSessionId, sessionId), camperInScope(scope))!);
  }
}
