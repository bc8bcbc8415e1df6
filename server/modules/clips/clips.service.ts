import { CLIP_MESSAGES, type Clip } from "../../../contracts/clips.ts";
import { SHOW_MESSAGES } from "../../../contracts/recordings.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { userMediaPrefix, type MediaStorage } from "../../media/media-storage.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { toClip, type ClipsRepository } from "./clips.repository.ts";

export class ClipsService {
  constructor(
    private readonly clips: ClipsRepository,
    private readonly shows: ShowsRepository,
    readonly storage: MediaStorage,
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

  async update(userId: number, id: number, changes: { title?: string; transcription?: string }): Promise<Clip> {
    const row = await this.clips.update(userId, id, changes);
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    return toClip(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    const row = await this.clips.delete(userId, id);
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    await this.storage.delete(row.storageKey);
  }

  async setShowClips(userId: number, showId: number, clipIds: number[]): Promise<Clip[]> {
    await this.requireShow(userId, showId);
    if (!(await this.clips.setShowClips(userId, showId, clipIds))) {
      throw badRequest("Every clip must be yours, listed once, and not on another show");
    }
    return (await this.clips.list(userId, showId)).map(toClip);
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
