import type { PublicUser } from "../../../contracts/auth.ts";
import { VIDEO_FORMATS } from "../../../contracts/product.ts";
import {
  REEL_MESSAGES,
  type CreateReelBody,
  type Reel,
  type ReelCandidate,
  type ReelChoices,
  type ReelItem,
} from "../../../contracts/reels.ts";
import type { CreatedShare, ShareDays, ShareLink } from "../../../contracts/shares.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { reelDuration, reelPartSpan } from "../../render/reel-plan.ts";
import type { RenderRow } from "../reviews/reviews.repository.ts";
import type { SharesService } from "../shares/shares.service.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScope, StaffScopes } from "../staff/staff-scope.ts";
import type { ApprovedVideo, ReelsRepository, ReelWithRender } from "./reels.repository.ts";

type Group = { cabinId?: number; sessionId?: number };

/** The name staff and the title card use for a camper: the roster's first name, else their username. */
export const displayFirstName = (video: Pick<ApprovedVideo, "firstName" | "username">) => video.firstName?.trim() || video.username;

export function toReel({ reel, job, cabinName, sessionName, createdBy }: ReelWithRender): Reel {
  const done = job?.status === "done" && !!job.outputKey;
  const base = `/api/staff/reels/${reel.id}`;
  return {
    id: reel.id,
    title: reel.title,
    cabinId: reel.cabinId,
    cabinName,
    sessionId: reel.campSessionId,
    sessionName,
    format: reel.format,
    captions: reel.captions,
    maxSecondsPerCamper: reel.maxSecondsPerCamper,
    items: reel.items.map((item) => ({ showId: item.showId, renderJobId: item.renderJobId, startSeconds: item.startSeconds ?? 0, seconds: item.seconds ?? 0 })),
    createdBy,
    createdAt: reel.createdAt.toISOString(),
    status: job?.status ?? "failed",
    progress: job?.progress ?? 0,
    message: job ? job.message : "This reel's render is gone. Make the reel again.",
    durationSeconds: job?.durationSeconds ?? null,
    mediaUrl: done ? `${base}/media` : null,
    downloadUrl: done ? `${base}/media?download=1` : null,
    captionsUrl: done && job.captionsKey ? `${base}/captions.vtt` : null,
  };
}

/**
 * Cabin reels (decision 027d). Every route is staff's and scoped: a counselor reaches the reels of their
 * cabins (and the session reels they made) and picks only approved videos of their own campers with a
 * media release; anything out of scope is a 404 like a missing one.
 */
/** A reel's finished video and title, for the links made of it (SharesService plays them). */
export function reelVideoOf(reels: ReelsRepository) {
  return async (reelId: number): Promise<{ title: string; video: RenderRow } | undefined> => {
    const found = await reels.findDone(reelId);
    return found?.job.outputKey ? { title: found.reel.title, video: found.job } : undefined;
  };
}

export interface ReelsServiceOptions {
  reels: ReelsRepository;
  scopes: StaffScopes;
  audit: AuditLog;
  storage: MediaStorage;
  shares: SharesService;
  /** Wakes the render worker when a reel is queued. */
  kick: () => void;
}

export class ReelsService {
  private readonly reels: ReelsRepository;
  private readonly scopes: StaffScopes;
  private readonly audit: AuditLog;
  private readonly storage: MediaStorage;
  private readonly shares: SharesService;
  private readonly kick: () => void;

  constructor(options: ReelsServiceOptions) {
    this.reels = options.reels;
    this.scopes = options.scopes;
    this.audit = options.audit;
    this.storage = options.storage;
    this.shares = options.shares;
    this.kick = options.kick;
  }

  async choices(staff: PublicUser): Promise<ReelChoices> {
    const scope = await this.scopes.of(staff);
    const [cabins, sessions] = await Promise.all([this.scopes.cabins(scope), this.reels.sessionChoices(scope)]);
    return { cabins, sessions };
  }

  async candidates(staff: PublicUser, group: Group): Promise<ReelCandidate[]> {
    const scope = await this.scopes.of(staff);
    await this.groupInScope(scope, group);
    const videos = await this.reels.approvedVideos(scope, this.reels.groupCondition(group));
    return videos.map((video) => ({
      showId: video.showId,
      renderJobId: video.renderJobId,
      title: video.title,
      firstName: displayFirstName(video),
      lastInitial: video.lastInitial ?? "",
      cabinName: video.cabinName,
      durationSeconds: video.durationSeconds,
      mediaRelease: video.mediaRelease,
      mediaUrl: `/api/staff/renders/${video.renderJobId}/media`,
      posterUrl: `/api/staff/renders/${video.renderJobId}/poster`,
    }));
  }

  async create(staff: PublicUser, body: CreateReelBody): Promise<Reel> {
    const scope = await this.scopes.of(staff);
    const group = await this.groupInScope(scope, body);
    const showIds = body.items.map((i) => i.showId);
    const found = new Map((await this.reels.approvedVideos(scope, this.reels.showsCondition(showIds))).map((v) => [v.showId, v]));
    const items: ReelItem[] = [];
    for (const choice of body.items) {
      const video = found.get(choice.showId);
      if (!video) throw await this.whyNotApproved(scope, choice.showId);
      const inGroup = body.cabinId !== undefined ? video.cabinId === body.cabinId : video.campSessionId === body.sessionId;
      if (!inGroup) throw conflict(REEL_MESSAGES.notInGroup(video.title));
      if (!video.mediaRelease) throw conflict(REEL_MESSAGES.noMediaRelease(video.title, displayFirstName(video)));
      const span = reelPartSpan(video.durationSeconds, choice, body.maxSecondsPerCamper ?? null);
      if (span.seconds <= 0) throw badRequest(REEL_MESSAGES.startPastEnd(video.title));
      items.push({ showId: video.showId, renderJobId: video.renderJobId, ...span });
    }
    const format = VIDEO_FORMATS.find((f) => f.key === body.format)!;
    if (reelDuration(items.map((i) => ({ seconds: i.seconds ?? 0 }))) > format.maxDuration) throw badRequest(REEL_MESSAGES.tooLong(format.label, format.maxDuration));

    const title = body.title?.trim() || group.name;
    const { reel } = await this.reels.createWithRender(
      {
        createdBy: staff.id,
        cabinId: body.cabinId ?? null,
        campSessionId: body.sessionId ?? null,
        title,
        format: body.format,
        captions: body.captions,
        maxSecondsPerCamper: body.maxSecondsPerCamper ?? null,
        items,
      },
      staff.id,
    );
    await this.audit.record(staff, "make_reel", { detail: `Reel ${reel.id} "${title}": ${items.length} videos (shows ${showIds.join(", ")})` });
    this.kick();
    return this.get(staff, reel.id);
  }

  async list(staff: PublicUser): Promise<Reel[]> {
    return (await this.reels.list(await this.scopes.of(staff), staff.id)).map(toReel);
  }

  async get(staff: PublicUser, id: number): Promise<Reel> {
    return toReel(await this.found(staff, id));
  }

  /** The finished render's files, for its media and captions routes. */
  async files(staff: PublicUser, id: number): Promise<{ title: string; outputKey: string; captionsKey: string | null }> {
    const { reel, job } = await this.found(staff, id);
    if (job?.status !== "done" || !job.outputKey) throw conflict(REEL_MESSAGES.notReady);
    return { title: reel.title, outputKey: job.outputKey, captionsKey: job.captionsKey };
  }

  async delete(staff: PublicUser, id: number): Promise<void> {
    await this.found(staff, id);
    const keys = await this.reels.delete(id);
    // The rows are gone first: a file left by a failed delete is an orphan housekeeping can see, never a broken reel.
    await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => undefined)));
  }

  async listShares(staff: PublicUser, id: number): Promise<ShareLink[]> {
    await this.found(staff, id);
    return this.shares.listForReel(id);
  }

  async share(staff: PublicUser, id: number, days: ShareDays | undefined): Promise<CreatedShare> {
    const { reel, job } = await this.found(staff, id);
    if (job?.status !== "done") throw conflict(REEL_MESSAGES.notReady);
    const created = await this.shares.createForReel(staff, id, days);
    await this.audit.record(staff, "shared", { detail: `Reel ${id} "${reel.title}" for ${days ?? 30} days` });
    return created;
  }

  async revokeShare(staff: PublicUser, id: number, shareId: number): Promise<ShareLink> {
    const { reel } = await this.found(staff, id);
    const link = await this.shares.revokeForReel(staff, id, shareId);
    await this.audit.record(staff, "revoked_share", { detail: `Reel ${id} "${reel.title}"` });
    return link;
  }

  private async found(staff: PublicUser, id: number): Promise<ReelWithRender> {
    const found = await this.reels.findInScope(await this.scopes.of(staff), staff.id, id);
    if (!found) throw notFound(REEL_MESSAGES.notFound);
    return found;
  }

  /** The cabin (in the caller's scope) or session named; 404 like a missing one otherwise. */
  private async groupInScope(scope: StaffScope, group: Group): Promise<{ name: string }> {
    if (group.cabinId !== undefined) {
      const cabin = await this.scopes.cabin(scope, group.cabinId);
      if (!cabin) throw notFound(REEL_MESSAGES.cabinNotFound);
      return { name: cabin.name };
    }
    const session = await this.reels.session(group.sessionId!);
    if (!session) throw notFound(REEL_MESSAGES.sessionNotFound);
    return { name: session.name };
  }

  /** Why a show the caller named is not among the approved videos they reach: not theirs (404) or not approved (409). */
  private async whyNotApproved(scope: StaffScope, showId: number) {
    const [camper] = await this.reels.campersOfShows([showId]);
    const reached = camper && (await this.reels.showInScope(scope, showId));
    return reached ? conflict(REEL_MESSAGES.notApproved(camper.title)) : notFound(REEL_MESSAGES.showNotFound(showId));
  }
}
