import { createHash } from "node:crypto";
import { RENDER_MESSAGES, type RenderJob } from "../../../contracts/renders.ts";
import { SHOW_LIMITS, SHOW_MESSAGES, captionsOn, isPlaceholderNarration } from "../../../contracts/shows.ts";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { RenderCards } from "../../../contracts/video-style.ts";
import type { ClipsRepository } from "../clips/clips.repository.ts";
import type { ShowRow, ShowsRepository } from "../shows/shows.repository.ts";
import type { JobRow, RenderJobsRepository, RenderOptions } from "./render-jobs.repository.ts";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";
import { sameChoices } from "./render-choices.ts";

export function toRenderJob(row: JobRow, videoFormat: string): RenderJob {
  const done = row.status === "done";
  return {
    id: row.id,
    // A camper reaches only their shows' renders (a reel's render is never found by these routes).
    showId: row.showId!,
    status: row.status,
    progress: row.progress,
    message: row.message,
    options: row.options,
    videoFormat,
    durationSeconds: row.durationSeconds,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    mediaUrl: done ? `/api/renders/${row.id}/media` : null,
    downloadUrl: done ? `/api/renders/${row.id}/media?download=1` : null,
    captionsUrl: done && row.captionsKey ? `/api/renders/${row.id}/captions.vtt` : null,
  };
}

/** What a render costs a camper, checked when it is asked for. */
export interface RenderLimits {
  /** Renders a camper may have waiting or running at once. */
  queuedPerCamper: number;
  /** The voice-over a render makes: whether it is still to be made, and the camper's voice limit (429 when reached). */
  voice?: {
    needsSynthesis(showId: number, narration: string, chosenVoice: string | null): Promise<boolean>;
    checkLimit(userId: number): Promise<void>;
  };
}

/** What a render's title and end cards say: the show's title, the camper's first name if shown, the camp's name, year and colours. */
export type RenderCardsSource = (userId: number, title: string, withName: boolean) => Promise<RenderCards>;

export interface RendersServiceOptions {
  jobs: RenderJobsRepository;
  shows: ShowsRepository;
  clips: ClipsRepository;
  storage: MediaStorage;
  limits: RenderLimits;
  onQueued?: () => void;
  cardsOf?: RenderCardsSource;
  /** Render ahead (decision 029d): a video prepared from the same choices is adopted at once. */
  ahead?: RenderAheadRepository;
}

/** Starting renders (or reusing one), and reading them. The work itself is the RenderWorker's. */
export class RendersService {
  private readonly jobs: RenderJobsRepository;
  private readonly shows: ShowsRepository;
  private readonly clips: ClipsRepository;
  private readonly storage: MediaStorage;
  private readonly limits: RenderLimits;
  private readonly onQueued: () => void;
  private readonly cardsOf: RenderCardsSource | undefined;
  private readonly ahead: RenderAheadRepository | undefined;

  constructor(options: RendersServiceOptions) {
    this.jobs = options.jobs;
    this.shows = options.shows;
    this.clips = options.clips;
    this.storage = options.storage;
    this.limits = options.limits;
    this.onQueued = options.onQueued ?? (() => {});
    this.cardsOf = options.cardsOf;
    this.ahead = options.ahead;
  }

  async start(userId: number, showId: number, requested: Partial<RenderOptions>): Promise<{ job: RenderJob; reused: boolean }> {
    const show = await this.rememberChoices(userId, await this.show(userId, showId), requested);
    const inputs = await this.inputs(userId, show, requested);
    if ("refused" in inputs) throw badRequest(inputs.refused);
    const { options, fingerprint, narration } = inputs;
    const existing = await this.jobs.findReusable(userId, showId, fingerprint);
    if (existing) return { job: toRenderJob(existing, show.videoFormat), reused: true };
    const prepared = await this.ahead?.findPrepared(showId);
    if (prepared && prepared.fingerprint === fingerprint && sameChoices(prepared.options, options)) {
      const adopted = await this.ahead!.adopt(userId, showId, fingerprint);
      // Another request adopted it a moment ago: the queued render below makes it from the kept parts.
      if (adopted) return { job: toRenderJob(adopted, show.videoFormat), reused: true };
    }

    // The voice-over the worker will make is a synthesis like any other: it counts against the voice limit.
    const voice = this.limits.voice;
    if (options.audio === "voice" && voice && (await voice.needsSynthesis(showId, narration, options.voice ?? null))) await voice.checkLimit(userId);
    const queued = await this.jobs.enqueue({ userId, showId, fingerprint, options, narration }, this.limits.queuedPerCamper);
    if (queued === "full") throw new HttpError(429, RENDER_MESSAGES.queueFull(this.limits.queuedPerCamper));
    this.onQueued();
    return { job: toRenderJob(queued, show.videoFormat), reused: false };
  }

  /**
   * Options asked for with a render become the show's own choices (decision 014: everything chosen
   * lives on the show), so the render asked for last is the camper's current video (decision 026a).
   */
  private async rememberChoices(userId: number, show: ShowRow, requested: Partial<RenderOptions>): Promise<ShowRow> {
    const changes: Partial<Pick<ShowRow, "fit" | "audioSource" | "captions">> = {};
    if (requested.fit !== undefined && requested.fit !== show.fit) changes.fit = requested.fit;
    if (requested.audio !== undefined && requested.audio !== show.audioSource) changes.audioSource = requested.audio;
    if (requested.captions !== undefined && requested.captions !== show.captions) changes.captions = requested.captions;
    if (Object.keys(changes).length === 0) return show;
    return (await this.shows.updateOwned(userId, show.id, changes)) ?? show;
  }

  /**
   * The fingerprint a render of the show's current choices, clips and script would have, or null when
   * it cannot be rendered now: the done render with it is the camper's current video.
   */
  /** What a render of the show would be made from now (the worker's preparation ahead), null when it cannot be rendered. */
  async choicesOf(userId: number, showId: number): Promise<{ options: RenderOptions; fingerprint: string; narration: string } | null> {
    const show = await this.shows.findOwned(userId, showId);
    if (!show) return null;
    const now = await this.inputs(userId, show, {});
    return "refused" in now ? null : now;
  }

  async currentFingerprint(show: ShowRow): Promise<string | null> {
    const now = await this.inputs(show.userId, show, {});
    return "fingerprint" in now ? now.fingerprint : null;
  }

  /**
   * What a render of the show would be made from now: the show's final-video choices (or the ones
   * requested) and a fingerprint of everything the video depends on; the same inputs reuse the same
   * render. `refused` says why the show cannot be rendered yet.
   */
  private async inputs(
    userId: number,
    show: ShowRow,
    requested: Partial<RenderOptions>,
  ): Promise<{ options: RenderOptions; fingerprint: string; narration: string } | { refused: string }> {
    // The show's final-video choices, so every Download .mp4 of a show gives the same video.
    const audio = requested.audio ?? show.audioSource;
    const options: RenderOptions = {
      fit: requested.fit ?? show.fit,
      audio,
      captions: requested.captions ?? captionsOn({ captions: show.captions, audioSource: audio }),
      ...(audio === "voice" ? { voice: show.voice } : {}),
      music: show.music ? { track: show.music, level: show.musicLevel } : null,
      transitions: show.transitions,
      captionStyle: show.captionStyle,
      cards: show.titleCard && this.cardsOf ? await this.cardsOf(userId, show.title, show.titleCardName) : null,
    };
    const clips = await this.clips.videoClips(userId, show.id);
    if (clips.length === 0) return { refused: RENDER_MESSAGES.noClips };
    if (clips.length > SHOW_LIMITS.maxSections) return { refused: SHOW_MESSAGES.tooManySections(SHOW_LIMITS.maxSections) };
    const narration = (show.narration ?? "").trim();
    // Automatic captions with the clips' own sound: the worker listens for the script in the clips and
    // captions only a show whose camper read it (off otherwise, as before).
    if (audio === "original" && requested.captions === undefined && show.captions === null && !isPlaceholderNarration(narration)) {
      options.captionsIfRead = true;
    }
    if ((options.audio === "voice" || options.captions) && isPlaceholderNarration(narration)) return { refused: RENDER_MESSAGES.needsNarration };
    const fingerprint = createHash("sha256")
      .update(
        JSON.stringify({
          format: show.videoFormat,
          // The camp's name, year and colours on the cards are the camp's, not the camper's: changing them
          // applies to videos made from then on, and does not make every camper's current video out of date.
          options: { ...options, cards: options.cards ? { title: options.cards.title, name: options.cards.name } : null },
          clips: clips.map((c) => [c.id, c.uploadSha256, c.trimStartSeconds, c.trimEndSeconds, c.durationSeconds]),
          narration: options.audio === "voice" || options.captions || options.captionsIfRead ? narration : null,
        }),
      )
      .digest("hex");
    return { options, fingerprint, narration };
  }

  async get(userId: number, id: number): Promise<{ row: JobRow; job: RenderJob; title: string }> {
    const found = await this.jobs.findOwnedWithShow(userId, id);
    if (!found) throw notFound(RENDER_MESSAGES.notFound);
    return { row: found.job, job: toRenderJob(found.job, found.format), title: found.title };
  }

  /** The finished video's stored file and its show's title (for a download's name): 409 until it is done. */
  async videoFile(userId: number, id: number): Promise<{ key: string; title: string }> {
    const { row, title } = await this.get(userId, id);
    if (row.status !== "done" || !row.outputKey) throw conflict(RENDER_MESSAGES.notReady);
    return { key: row.outputKey, title };
  }

  /** The finished video's captions file: 404 when it has none. */
  async captionsFile(userId: number, id: number): Promise<string> {
    const { row } = await this.get(userId, id);
    if (row.status !== "done" || !row.captionsKey) throw notFound("This video has no captions");
    return row.captionsKey;
  }

  async listForShow(userId: number, showId: number): Promise<RenderJob[]> {
    const show = await this.show(userId, showId);
    const rows = await this.jobs.listOfShow(userId, showId, 10);
    // Which of them the show's current choices, clips and script would give: the show page plays that one.
    const currentFingerprint = await this.currentFingerprint(show);
    return rows.map((r) => ({ ...toRenderJob(r, show.videoFormat), current: r.fingerprint === currentFingerprint }));
  }

  async prepareShowDeletion(userId: number, showId: number) {
    const keys = [...(await this.jobs.storageKeysOfShow(userId, showId)), ...((await this.ahead?.storageKeysOfShow(userId, showId)) ?? [])];
    return async () => {
      for (const key of keys) await this.storage.delete(key);
    };
  }

  private async show(userId: number, showId: number) {
    const show = await this.shows.findOwned(userId, showId);
    if (!show) throw notFound(SHOW_MESSAGES.notFound);
    return show;
  }
}

/** The cards' words and look from the camp's settings and the camper's name (one rule for the app and render workers). */
export function campCardsSource(
  campSettings: { get(): Promise<{ campName: string; colour: string; accentColour: string }> },
  users: { findById(id: number): Promise<{ firstName: string | null; username: string } | undefined> },
): RenderCardsSource {
  return async (userId, title, withName) => {
    const camp = await campSettings.get();
    const camper = withName ? await users.findById(userId) : undefined;
    return {
      title,
      name: camper ? (camper.firstName ?? camper.username) : null,
      campName: camp.campName,
      year: new Date().getFullYear(),
      background: camp.colour,
      accent: camp.accentColour,
    };
  };
}
