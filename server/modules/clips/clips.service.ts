import { CLIP_LIMITS, CLIP_MESSAGES, type Clip } from "../../../contracts/clips.ts";
import { SHOW_LIMITS, SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { userMediaPrefix, type MediaStorage } from "../../media/media-storage.ts";
import type { Executor } from "../../../db/executor.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { toClip, type ClipRow, type ClipsRepository } from "./clips.repository.ts";

const INVALID_CLIPS_MESSAGE = "Every clip must be yours, listed once, and not on another show";

type ClipChanges = Parameters<ClipsRepository["update"]>[2];

/** A video's trims checked against its duration (400 outside it or too short); null end means "to the end". */
function trimmed(current: ClipRow, changes: ClipChanges): ClipChanges {
  const duration = current.durationSeconds;
  const start = changes.trimStartSeconds ?? current.trimStartSeconds;
  const requestedEnd = changes.trimEndSeconds === undefined ? current.trimEndSeconds : changes.trimEndSeconds;
  // A player's reading of the end can be a few milliseconds past the probed duration.
  const end = requestedEnd === null ? duration : requestedEnd > duration && requestedEnd - duration < 0.05 ? duration : requestedEnd;
  if (start > duration || end > duration) throw badRequest(CLIP_MESSAGES.trimOutside(duration));
  if (end - start < Math.min(CLIP_LIMITS.minTrimmedSeconds, duration)) throw badRequest(CLIP_MESSAGES.trimTooShort);
  return { ...changes, trimStartSeconds: start, trimEndSeconds: end >= duration ? null : end };
}

export class ClipsService {
  constructor(
    private readonly clips: ClipsRepository,
    private readonly shows: ShowsRepository,
    private readonly storage: MediaStorage,
  ) {}

  async list(userId: number, query: { showId?: number; loose?: "true" }): Promise<Clip[]> {
    if (query.showId !== undefined) {
      await this.requireShow(userId, query.showId);
      return (await this.clips.list(userId, query.showId)).map(toClip);
    }
    return (await this.clips.list(userId, null)).map(toClip);
  }

  async get(userId: number, id: number) {
    const row = await this.clips.findOwned(userId, id);
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    return row;
  }

  async update(
    userId: number,
    id: number,
    { photoSeconds, ...asked }: { title?: string; transcription?: string; trimStartSeconds?: number; trimEndSeconds?: number | null; photoSeconds?: number },
  ): Promise<Clip> {
    let changes: ClipChanges = asked;
    const trims = changes.trimStartSeconds !== undefined || changes.trimEndSeconds !== undefined;
    if (photoSeconds !== undefined || trims) {
      const current = await this.get(userId, id);
      if (current.kind === "photo") {
        // A photo's part in the video is its whole length: trims would only disagree with it, so they
        // are refused (not ignored, so a client never believes a trim was kept).
        if (trims) throw badRequest(CLIP_MESSAGES.photoNotTrimmed);
        changes = { ...changes, durationSeconds: photoSeconds, trimStartSeconds: 0, trimEndSeconds: null };
      } else {
        if (photoSeconds !== undefined) throw badRequest(CLIP_MESSAGES.notAPhoto);
        changes = trimmed(current, changes);
      }
    }
    const row = await this.clips.update(userId, id, changes);
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    return toClip(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    const row = await this.clips.delete(userId, id);
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    await this.storage.delete(row.storageKey);
    if (row.posterKey) await this.storage.delete(row.posterKey);
  }

  async poster(userId: number, id: number): Promise<string> {
    const row = await this.get(userId, id);
    if (!row.posterKey) throw notFound(CLIP_MESSAGES.noPoster);
    return row.posterKey;
  }

  async setShowClips(userId: number, showId: number, clipIds: number[]): Promise<Clip[]> {
    await this.requireShow(userId, showId);
    await this.attach(userId, showId, clipIds);
    return (await this.clips.list(userId, showId)).map(toClip);
  }

  /**
   * Puts the clips on the camper's show, first and in this order; in the transaction `executor` when given
   * (a show being made is not visible outside it, so its owner is not asked again).
   */
  async attach(userId: number, showId: number, clipIds: number[], executor?: Executor): Promise<void> {
    const result = await this.clips.setShowClips(userId, showId, clipIds, SHOW_LIMITS.maxSections, executor);
    if (result === "invalid") throw badRequest(INVALID_CLIPS_MESSAGE);
    if (result === "full") throw forbidden(SHOW_MESSAGES.tooManySections(SHOW_LIMITS.maxSections));
  }

  /** A show's clip files go once its rows are gone. */
  async prepareShowDeletion(userId: number, showId: number) {
    const keys = await this.clips.storageKeysOfShow(userId, showId);
    return async () => {
      for (const key of keys) await this.storage.delete(key);
    };
  }

  /** A deleted account's whole media folder goes with it. */
  async accountDeleted(userId: number) {
    await this.storage.deletePrefix(userMediaPrefix(userId));
  }

  private async requireShow(userId: number, showId: number) {
    if (!(await this.shows.findOwned(userId, showId))) throw notFound(SHOW_MESSAGES.notFound);
  }
}
