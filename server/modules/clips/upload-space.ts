import type { Reservation, StorageQuota } from "../storage-quota/storage-quota.ts";
import type { UploadRow } from "./uploads.repository.ts";

/** Room in the camper's space for an upload's bytes, and the answer when there is none. */
export class UploadSpace {
  constructor(
    private readonly quota: StorageQuota,
    private readonly maxBytes: number,
  ) {}

  /**
   * The camper's space for a PATCH's bytes. A length declared at creation is counted whole since, so it
   * needs no more, unless the space shrank meanwhile. A deferred upload holds the bytes past its offset:
   * up to a length it declares now, else to the end of the body when the client sent its length (tus
   * clients do), whole before a byte is read, so PATCHes at once are admitted whole or not at all (and
   * one that does not fit leaves the upload to resume once there is room); a body of unknown length a
   * slice at a time as it arrives, cut where the space ends.
   */
  async forPatch(row: UploadRow, offset: number, length: number | null, bodyBytes: number | null): Promise<Reservation | undefined> {
    if (row.length !== null) {
      const room = this.quota.limits.storedBytes - (await this.quota.usage(row.userId, { upload: row.id })).bytes;
      if (row.length > room) throw this.quota.full();
      return undefined;
    }
    const cap = length ?? this.maxBytes;
    const space = this.quota.reservation(row.userId, row.id, offset, cap);
    const end = length ?? (bodyBytes !== null ? Math.min(offset + bodyBytes, cap) : null);
    if (end !== null && !(await space.holdUpTo(end))) {
      await space.release();
      throw this.quota.full();
    }
    return space;
  }
}
