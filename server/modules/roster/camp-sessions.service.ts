import type { PublicUser } from "../../../contracts/auth.ts";
import { CAMP_SESSION_MESSAGES, type CampSession } from "../../../contracts/roster.ts";
import { conflict, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { userMediaPrefix } from "../../media/media-storage.ts";
import type { Retention } from "../retention/retention.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { CampersRepository, CampSessionRow } from "./campers.repository.ts";

export interface CampSessionDeletionListener {
  /** After the session's campers are deleted (rows and files), before the session's own row goes. */
  campersDeleted(sessionId: number): Promise<void>;
}

export interface CampSessionsOptions {
  campers: CampersRepository;
  scopes: StaffScopes;
  retention: Retention;
  storage: MediaStorage;
  audit: AuditLog;
  /** What must follow a session's deletion (its reels, and reels holding its campers' videos). */
  deletionListeners: readonly CampSessionDeletionListener[];
}

/**
 * Camp sessions and their deletion (decision 027c). The director marks a session for
 * deletion; its campers' accounts and everything in them are deleted by housekeeping once the camp's
 * retention rule's moment has passed, so families get the same notice the rule gives. Without a rule
 * there is no moment, and the request is refused saying so.
 */
export class CampSessions {
  private readonly campers: CampersRepository;
  private readonly scopes: StaffScopes;
  private readonly retention: Retention;
  private readonly storage: MediaStorage;
  private readonly audit: AuditLog;
  private readonly listeners: readonly CampSessionDeletionListener[];

  constructor(options: CampSessionsOptions) {
    this.campers = options.campers;
    this.scopes = options.scopes;
    this.retention = options.retention;
    this.storage = options.storage;
    this.audit = options.audit;
    this.listeners = options.deletionListeners;
  }

  async list(staff: PublicUser): Promise<CampSession[]> {
    const rule = await this.retention.rule();
    const rows = await this.campers.sessions(await this.scopes.of(staff));
    return rows.map((row) => this.toSession(row, row.campers, rule?.deleteAt ?? null));
  }

  async requestDeletion(staff: PublicUser, id: number, now = new Date()): Promise<CampSession> {
    const session = await this.campers.session(id);
    if (!session) throw notFound(CAMP_SESSION_MESSAGES.notFound);
    const rule = await this.retention.rule();
    if (!rule) throw conflict(CAMP_SESSION_MESSAGES.noRetentionRule);
    if (rule.executedAt) throw conflict(CAMP_SESSION_MESSAGES.retentionDone);
    if (!session.deleteRequestedAt) {
      await this.campers.requestSessionDeletion(id, now);
      await this.audit.record(staff, "delete_session", {
        detail: `Session "${session.name}": its campers are deleted on ${rule.deleteAt.toISOString().slice(0, 10)} (the retention rule)`,
      });
    }
    const listed = (await this.list(staff)).find((s) => s.id === id)!;
    return listed;
  }

  /**
   * Housekeeping's step: once the retention rule's moment has passed, deletes the campers of every
   * session marked for deletion (rows first, by cascade, then their files), then the session. Returns
   * how many campers went.
   */
  async runDue(now = new Date()): Promise<number> {
    const rule = await this.retention.rule();
    if (!rule || now.getTime() < rule.deleteAt.getTime()) return 0;
    let deleted = 0;
    for (const session of await this.campers.sessionsToDelete()) {
      const ids = await this.campers.deleteCampersOf(session.id);
      for (const id of ids) await this.storage.deletePrefix(userMediaPrefix(id));
      for (const listener of this.listeners) await listener.campersDeleted(session.id);
      await this.campers.deleteSession(session.id);
      deleted += ids.length;
      await this.audit.record({ id: null, username: "housekeeping" }, "session_deleted", {
        detail: `Deleted session "${session.name}" and its ${ids.length} campers' accounts and data`,
      });
    }
    return deleted;
  }

  private toSession(row: CampSessionRow, campers: number, deleteAt: Date | null): CampSession {
    return {
      id: row.id,
      name: row.name,
      campers,
      deleteRequestedAt: row.deleteRequestedAt?.toISOString() ?? null,
      deleteAt: row.deleteRequestedAt && deleteAt ? deleteAt.toISOString() : null,
    };
  }
}
