import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { CAMPER_IDLE_MINUTES } from "../../../contracts/camp-settings.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { fastStatement } from "../../../db/row-mapper.ts";
import { CAMP_SETTINGS_ID } from "../camp-settings/camp-settings.repository.ts";

const s = schema.sessions;
const u = schema.users;
const c = schema.campSettings;

/**
 * Staff see every camper's shows, so their sessions end sooner than a camper's: after half an hour
 * without a request, and 12 hours after sign-in whatever happens. Typing the password again keeps a
 * staff session confirmed for 5 minutes (exports, retention).
 */
/** What a sign-in was checked against: the account's password hash or its sign-in card code's hash. */
export interface SignInCredential {
  kind: "password" | "code";
  hash: string;
}

export const STAFF_SESSION = { idleSeconds: 30 * 60, maxSeconds: 12 * 3600, confirmedForSeconds: 5 * 60 } as const;

/**
 * A camper's session ends after camp_settings.camper_idle_minutes without a request (shared tablets,
 * decision 027e; 0 is never), the default while the camp has saved no settings.
 */
const CAMPER_IDLE_DEFAULT_MINUTES = CAMPER_IDLE_MINUTES.default;

/** A session's last request is written at most this often, not on every request. */
const LAST_SEEN_EVERY_SECONDS = 60;

/** The table keeps only a hash of the token the cookie carries. */
function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

export interface LiveSession {
  user: typeof schema.users.$inferSelect;
  /** The password was typed again in this session within STAFF_SESSION.confirmedForSeconds. */
  recentlyConfirmed: boolean;
}

export class SessionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Starts a session and returns the token for the cookie, or undefined when the credential signed in
   * with (the password's hash, or the sign-in card code's) is no longer the account's: a sign-in checked
   * against a password changed or a card reissued meanwhile starts nothing, so ending every other
   * session at such a change leaves none behind.
   */
  async create(userId: number, credential: SignInCredential, lifetimeSeconds: number): Promise<string | undefined> {
    const token = randomBytes(32).toString("base64url");
    const inserted = await this.db
      .insert(s)
      .select(
        this.db
          .select({
            id: sql`${sessionIdOf(token)}`.as("id"),
            userId: u.id,
            createdAt: sql`now()`.as("created_at"),
            expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`.as("expires_at"),
            lastSeenAt: sql`now()`.as("last_seen_at"),
            confirmedAt: sql`NULL::timestamptz`.as("confirmed_at"),
          })
          .from(u)
          .where(and(eq(u.id, userId), eq(credential.kind === "password" ? u.passwordHash : u.loginCodeHash, credential.hash))),
      )
      .returning({ id: s.id });
    return inserted.length > 0 ? token : undefined;
  }

  /**
   * The user of a live session, or undefined. One query (a join), as every signed-in request asks
   * it before anything else: two round trips here were a tenth of a list request's time (the camp's
   * idle setting is joined in, so it costs none and applies at once on every instance). A session's
   * last request is written only when the one on record is a minute old.
   */
  async find(token: string): Promise<LiveSession | undefined> {
    const sessionId = sessionIdOf(token);
    const [row] = await (this.liveSession ??= this.prepareLiveSession()).execute({ sessionId });
    if (!row) return undefined;
    if (row.lastSeenStale) {
      await this.db.update(s).set({ lastSeenAt: sql`now()` }).where(eq(s.id, sessionId));
    }
    return { user: row.user, recentlyConfirmed: row.recentlyConfirmed };
  }

  /** Prepared once: its SQL is built once and planned once per connection. */
  private liveSession?: ReturnType<SessionsRepository["prepareLiveSession"]>;

  private prepareLiveSession() {
    const camperIdleMinutes = sql`coalesce(${c.camperIdleMinutes}, ${sql.raw(String(CAMPER_IDLE_DEFAULT_MINUTES))})`;
    const statement = this.db
      .select({
        user: u,
        lastSeenStale: sql<boolean>`${s.lastSeenAt} < ${secondsAgo(LAST_SEEN_EVERY_SECONDS)}`,
        recentlyConfirmed: sql<boolean>`coalesce(${s.confirmedAt} > ${secondsAgo(STAFF_SESSION.confirmedForSeconds)}, false)`,
      })
      .from(s)
      .innerJoin(u, eq(u.id, s.userId))
      .leftJoin(c, eq(c.id, CAMP_SETTINGS_ID))
      .where(
        and(
          eq(s.id, sql.placeholder("sessionId")),
          gt(s.expiresAt, sql`now()`),
          sql`(CASE WHEN ${u.role} = 'camper' THEN ${camperIdleMinutes} = 0 OR ${s.lastSeenAt} > now() - make_interval(mins => ${camperIdleMinutes})
                ELSE ${s.lastSeenAt} > ${secondsAgo(STAFF_SESSION.idleSeconds)} AND ${s.createdAt} > ${secondsAgo(STAFF_SESSION.maxSeconds)} END)`,
        ),
      )
      .prepare("live_session");
    // Read as arrays and decoded once, as every signed-in request asks it (db/row-mapper.ts).
    return fastStatement(statement);
  }

  /** The session's last request is now (a live session's: the caller has just found it). */
  async touch(token: string): Promise<void> {
    await this.db.update(s).set({ lastSeenAt: sql`now()` }).where(eq(s.id, sessionIdOf(token)));
  }

  /** The password was typed again in this session. */
  async confirm(token: string): Promise<void> {
    await this.db.update(s).set({ confirmedAt: sql`now()` }).where(eq(s.id, sessionIdOf(token)));
  }

  async delete(token: string): Promise<void> {
    await this.db.delete(s).where(eq(s.id, sessionIdOf(token)));
  }

  /** Ends every session of the account but the one `keepToken` names (every one without it); how many ended. */
  async endOthers(userId: number, keepToken?: string): Promise<number> {
    const ended = await this.db
      .delete(s)
      .where(and(eq(s.userId, userId), keepToken ? ne(s.id, sessionIdOf(keepToken)) : undefined))
      .returning({ id: s.id });
    return ended.length;
  }

  async deleteExpired(): Promise<void> {
    await this.db.delete(s).where(lt(s.expiresAt, sql`now()`));
  }
}
