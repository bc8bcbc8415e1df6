import {
  SHOW_MESSAGES,
  SHOW_LIMITS,
  type CreateShowBody,
  type Show,
  type UpdateShowBody,
} from "../../../contracts/recordings.ts";
import { FREE_TIER_SHOW_LIMIT } from "../../../contracts/product.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { decodeCursor, encodeCursor } from "./list-cursor.ts";
import { isUniqueViolation } from "../../../db/errors.ts";
import { toShow, type ShowRow, type ShowsRepository } from "./shows.repository.ts";

/** What else must go when a show goes (its clips' media). */
export interface ShowDeletionListener {
  /** Runs before the show's rows are deleted; the returned step runs once they are gone. */
  prepareShowDeletion(userId: number, showId: number): Promise<() => Promise<void>>;
}

/** Attaches loose clips to a just-created show; throws a 4xx HttpError when one is not the camper's or not loose. */
export type ClipAttacher = (userId: number, showId: number, clipIds: number[]) => Promise<unknown>;

export const UNKNOWN_VOICE_MESSAGE = "That voice is not available";

export class ShowsService {
  private readonly deletionListeners: ShowDeletionListener[] = [];
  private attachClips: ClipAttacher | null = null;
  private isKnownVoice: (voice: string) => boolean = () => true;

  constructor(private readonly shows: ShowsRepository) {}

  /** The clips module attaches clips named at creation (recording before answering). */
  setClipAttacher(attacher: ClipAttacher) {
    this.attachClips = attacher;
  }

  /** The voice provider's list decides which voice names a show may keep. */
  setVoiceCheck(check: (voice: string) => boolean) {
    this.isKnownVoice = check;
  }

  onShowDeleted(listener: ShowDeletionListener) {
    this.deletionListeners.push(listener);
  }

  async list(userId: number, query: { limit?: number; cursor?: string }): Promise<{ shows: Show[]; nextCursor?: string }> {
    const limit = query.limit ?? SHOW_LIMITS.listPageMax;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    // One extra row tells whether another page follows.
    const rows = await this.shows.listOwned(userId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      shows: page.map((r) => toShow(r.show)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.position) : undefined,
    };
  }

  async get(userId: number, id: number): Promise<Show> {
    const row = await this.shows.findOwned(userId, id);
    if (!row) throw notFound(SHOW_MESSAGES.notFound);
    return toShow(row);
  }

  /**
   * Creates a show. With a draft key, a repeat of a create whose answer never reached the device
   * (a reload mid-request, a retry) returns the show the first one made instead of a second show.
   */
  async create(userId: number, body: CreateShowBody): Promise<Show> {
    if (body.draftKey) {
      const made = await this.shows.findByDraftKey(userId, body.draftKey);
      if (made) return this.replayCreate(userId, made, body);
    }
    const isDraft = body.isDraft ?? false;
    let result: Awaited<ReturnType<ShowsRepository["createWithinLimit"]>>;
    try {
      result = await this.shows.createWithinLimit(
        userId,
        {
          title: body.title,
          narration: body.narration ?? (isDraft ? SHOW_MESSAGES.draftNarration : ""),
          prompts: body.prompts,
          responses: body.responses,
          isDraft,
          tone: body.tone,
          videoFormat: body.videoFormat,
          lengthSeconds: body.lengthSeconds,
          originalNarration: body.originalNarration ?? null,
          draftKey: body.draftKey ?? null,
        },
        FREE_TIER_SHOW_LIMIT,
      );
    } catch (error) {
      // Two requests with one draft key at once: the unique index let one in; answer with its show.
      const made = body.draftKey && isUniqueViolation(error) ? await this.shows.findByDraftKey(userId, body.draftKey) : undefined;
      if (made) return this.replayCreate(userId, made, body);
      throw error;
    }
    if (result === "limit-reached") throw forbidden(SHOW_MESSAGES.freeTierLimit(FREE_TIER_SHOW_LIMIT));
    if (body.clipIds?.length) {
      if (!this.attachClips) throw new Error("no clip attacher configured");
      try {
        await this.attachClips(userId, result.id, body.clipIds);
      } catch (error) {
        // A show made for clips it could not take would be an empty surprise in My Shows.
        await this.shows.deleteOwned(userId, result.id);
        throw error;
      }
    }
    return toShow(result);
  }

  /** The repeated create's clips join the show already made (a no-op when the first create took them). */
  private async replayCreate(userId: number, made: ShowRow, body: CreateShowBody): Promise<Show> {
    if (body.clipIds?.length && this.attachClips) await this.attachClips(userId, made.id, body.clipIds);
    return toShow(made);
  }

  async update(userId: number, id: number, body: UpdateShowBody): Promise<Show> {
    if (body.voice && !this.isKnownVoice(body.voice)) throw badRequest(UNKNOWN_VOICE_MESSAGE);
    const row = await this.shows.updateOwned(userId, id, body);
    if (!row) throw notFound(SHOW_MESSAGES.notFound);
    return toShow(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.shows.findOwned(userId, id))) throw notFound(SHOW_MESSAGES.notFound);
    const afterwards = await Promise.all(this.deletionListeners.map((l) => l.prepareShowDeletion(userId, id)));
    const row = await this.shows.deleteOwned(userId, id);
    if (!row) throw notFound(SHOW_MESSAGES.notFound);
    for (const step of afterwards) await step();
  }
}
