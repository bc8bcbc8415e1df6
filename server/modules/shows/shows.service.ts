import {
  SHOW_MESSAGES,
  SHOW_LIMITS,
  type CreateShowBody,
  type Show,
  type UpdateShowBody,
} from "../../../contracts/shows.ts";
import { FREE_TIER_SHOW_LIMIT } from "../../../contracts/product.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { decodeCursor, encodeCursor } from "./list-cursor.ts";
import { isUniqueViolation } from "../../../db/errors.ts";
import type { Executor } from "../../../db/executor.ts";
import { toShow, type ShowRow, type ShowsRepository } from "./shows.repository.ts";

/** What else must go when a show goes (its clips' media). */
export interface ShowDeletionListener {
  /** Runs before the show's rows are deleted; the returned step runs once they are gone. */
  prepareShowDeletion(userId: number, showId: number): Promise<() => Promise<void>>;
}

/**
 * Attaches loose clips to a just-created show, in the transaction `executor` when given (the show's own);
 * throws a 4xx HttpError when one is not the camper's or not loose.
 */
export type ClipAttacher = (userId: number, showId: number, clipIds: number[], executor?: Executor) => Promise<unknown>;

export const UNKNOWN_VOICE_MESSAGE = "That voice is not available";

export interface ShowsServiceOptions {
  shows: ShowsRepository;
  /** The clips module attaches clips named at creation (recording before answering). */
  attachClips: ClipAttacher;
  /** The voice provider's list decides which voice names a show may keep. */
  isKnownVoice: (voice: string) => boolean;
  /** What else goes when a show goes, prepared in this order. */
  deletionListeners: readonly ShowDeletionListener[];
}

export class ShowsService {
  private readonly shows: ShowsRepository;
  private readonly attachClips: ClipAttacher;
  private readonly isKnownVoice: (voice: string) => boolean;
  private readonly deletionListeners: readonly ShowDeletionListener[];

  constructor(options: ShowsServiceOptions) {
    this.shows = options.shows;
    this.attachClips = options.attachClips;
    this.isKnownVoice = options.isKnownVoice;
    this.deletionListeners = options.deletionListeners;
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
    const values = {
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
    };
    let result: Awaited<ReturnType<ShowsRepository["createWithinLimit"]>>;
    try {
      // The show and its clips in one transaction: nobody sees the show without them, and a show made
      // for clips it could not take (an empty surprise in My Shows) is never there at all.
      result = await this.shows.transaction(async (tx) => {
        const created = await this.shows.createWithinLimit(userId, values, FREE_TIER_SHOW_LIMIT, tx);
        if (created !== "limit-reached" && body.clipIds?.length) await this.attachClips(userId, created.id, body.clipIds, tx);
        return created;
      });
    } catch (error) {
      // Two requests with one draft key at once: the unique index let one in; answer with its show.
      const made = body.draftKey && isUniqueViolation(error) ? await this.shows.findByDraftKey(userId, body.draftKey) : undefined;
      if (made) return this.replayCreate(userId, made, body);
      throw error;
    }
    if (result === "limit-reached") throw forbidden(SHOW_MESSAGES.freeTierLimit(FREE_TIER_SHOW_LIMIT));
    return toShow(result);
  }

  /** The repeated create's clips join the show already made (a no-op when the first create took them). */
  private async replayCreate(userId: number, made: ShowRow, body: CreateShowBody): Promise<Show> {
    if (body.clipIds?.length) await this.attachClips(userId, made.id, body.clipIds);
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
