import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { SessionsRepository } from "../auth/sessions.repository.ts";
import { UsersRepository } from "../auth/users.repository.ts";
import { CabinsRepository } from "./cabins.repository.ts";

/** The advisory lock of changes to who is an admin. */
const TEAM_LOCK = 727_028;

/**
 * What a staff account spans (its user row, its sessions, the cabins it looks after), on one database
 * handle: the database, or the transaction of `underTeamLock`.
 */
export class StaffAccountsRepository {
  readonly users: UsersRepository;
  readonly sessions: SessionsRepository;
  readonly cabins: CabinsRepository;

  constructor(private readonly db: Database) {
    this.users = new UsersRepository(db);
    this.sessions = new SessionsRepository(db);
    this.cabins = new CabinsRepository(db);
  }

  /**
   * Runs `work` in one transaction under the team lock, so a check of "another admin remains" and the
   * change it allows happen together.
   */
  underTeamLock<T>(work: (tx: StaffAccountsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCK})`);
      return work(new StaffAccountsRepository(tx));
    });
  }
}
