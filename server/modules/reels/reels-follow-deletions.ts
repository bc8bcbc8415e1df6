import type { MediaStorage } from "../../media/media-storage.ts";
import type { AccountDeletionListener } from "../auth/account.service.ts";
import type { CampSessionDeletionListener } from "../roster/camp-sessions.service.ts";
import type { ShowDeletionListener } from "../shows/shows.service.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { ReelsRepository } from "./reels.repository.ts";

/** Who the audit log names for a removal nobody on the staff asked for (like the retention rule's). */
const APP_ACTOR = { id: null, username: "housekeeping" } as const;

/**
 * Deleting deletes (decision 027d): a reel is made of campers' approved videos, so once one of them is
 * gone (the camper deleted the show or their account, the retention rule removed it, or their camp
 * session's campers were deleted) the reel goes too: its row (its render and share links cascade, so a
 * link answers 404 like a revoked one), then its files, with an audit entry saying why. Staff can make the
 * reel again from the videos that are left.
 */
export class ReelsFollowDeletions implements ShowDeletionListener, AccountDeletionListener, CampSessionDeletionListener {
  constructor(
    private readonly reels: ReelsRepository,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
  ) {}

  /** After a show's rows are gone (its renders went by cascade). */
  async prepareShowDeletion(): Promise<() => Promise<void>> {
    return async () => {
      await this.sweep();
    };
  }

  /** After an account's rows are gone. */
  async accountDeleted(): Promise<void> {
    await this.sweep();
  }

  /**
   * Removes every reel with a part whose video is gone; how many went. One query finds them whatever
   * deleted the video, so a path that did not call this (a reel made while its video was being deleted)
   * is caught by the next deletion or housekeeping's hourly run.
   */
  async sweep(): Promise<number> {
    const gone = await this.reels.withMissingParts();
    for (const reel of gone) await this.remove(reel, "a camper's video in it was deleted");
    return gone.length;
  }

  /**
   * After a camp session's campers are deleted, before its row goes: reels holding their videos, then the
   * session's own reels (they would go by cascade with the session and leave their files behind).
   */
  async campersDeleted(sessionId: number): Promise<void> {
    await this.sweep();
    for (const reel of await this.reels.ofSession(sessionId)) await this.remove(reel, "its camp session was deleted");
  }

  private async remove(reel: { id: number; title: string }, why: string): Promise<void> {
    const keys = await this.reels.delete(reel.id);
    // Rows first: a file left by a failed delete is an orphan housekeeping's sweep removes, never a reel that plays nothing.
    await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => undefined)));
    await this.audit.record(APP_ACTOR, "reel_removed", { detail: `Removed the reel "${reel.title}": ${why}` });
  }
}
