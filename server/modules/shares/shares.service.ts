import { createHash, randomBytes } from "node:crypto";
import type { PublicUser } from "../../../contracts/auth.ts";
import {
  DEFAULT_SHARE_DAYS,
  SHARE_MESSAGES,
  sharePath,
  type CreatedShare,
  type ShareDays,
  type ShareLink,
  type ShowShares,
} from "../../../contracts/shares.ts";
import { notFound, refusal } from "../../http/errors.ts";
import type { RenderRow } from "../reviews/reviews.repository.ts";
import type { ShowVideos, ShowWithReview } from "../reviews/show-videos.ts";
import { sendsBeforeSharing, sharedVideo } from "../reviews/video-identity.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { RateLimiter } from "../rate-limit/limiter.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { ShareRow, SharesRepository } from "./shares.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 24 random bytes: 192 bits, 32 characters of base64url. */
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a token opens: a live link's show and the video it plays, or why it plays nothing. */
export type ShareLookup =
  | { kind: "live"; share: ShareRow; title: string; video: RenderRow }
  | { kind: "ended" }
  | { kind: "paused" };

/**
 * Private share links (decisions 018 and 026a). A link names a show, not a video: each watch plays the
 * show's approved video (its sent one when REQUIRE_STAFF_REVIEW=false), so a video made after approval
 * is not shown until it is sent and approved; the approved one keeps playing meanwhile.
 */
/** What the share links are made of and checked against. */
export interface SharesServiceOptions {
  shares: SharesRepository;
  videos: ShowVideos;
  audit: AuditLog;
  reviewRequired: boolean;
  /** The personal-details check of the video a link plays: a flagged phrase neither fixed nor kept holds it. */
  personalDetails: {
    assertResolved(found: ShowWithReview, render: RenderRow | null | undefined, by?: "camper" | "staff"): Promise<unknown>;
  };
  /** Sends the camper's current video (pinning it with its check): without staff review, before a link is made. */
  send: (found: ShowWithReview) => Promise<unknown>;
  /** Which campers a staff member reaches: links of other cabins' shows are a 404 (decision 027a). */
  scopes: StaffScopes;
  /** A cabin reel's finished video and title (decision 027d), for the links made of reels. */
  reelVideo: (reelId: number) => Promise<{ title: string; video: RenderRow } | undefined>;
  /** Token lookups counted against the caller's address: more than `lookupsPerMinute` a minute are refused. */
  limiter: RateLimiter;
  lookupsPerMinute: number;
  now?: () => Date;
}

export class SharesService {
  private readonly shares: SharesRepository;
  private readonly videos: ShowVideos;
  private readonly audit: AuditLog;
  private readonly reviewRequired: boolean;
  private readonly personalDetails: SharesServiceOptions["personalDetails"];
  private readonly send: SharesServiceOptions["send"];
  private readonly scopes: StaffScopes;
  private readonly reelVideo: SharesServiceOptions["reelVideo"];
  private readonly limiter: RateLimiter;
  private readonly lookupsPerMinute: number;
  private readonly now: () => Date;

  constructor(options: SharesServiceOptions) {
    this.shares = options.shares;
    this.videos = options.videos;
    this.audit = options.audit;
    this.reviewRequired = options.reviewRequired;
    this.personalDetails = options.personalDetails;
    this.send = options.send;
    this.scopes = options.scopes;
    this.reelVideo = options.reelVideo;
    this.limiter = options.limiter;
    this.lookupsPerMinute = options.lookupsPerMinute;
    this.now = options.now ?? (() => new Date());
  }

  /** The camper's own show's links; another's show is a 404 like any other. */
  async listForOwner(userId: number, showId: number): Promise<ShowShares> {
    return this.listFor(await this.videos.owned(userId, showId), "camper");
  }

  async listForStaff(staff: PublicUser, showId: number): Promise<ShowShares> {
    return this.listFor(await this.videos.forStaff(staff, showId, this.scopes), "staff");
  }

  async createForOwner(user: PublicUser, showId: number, days: ShareDays | undefined): Promise<CreatedShare> {
    return this.create(user, await this.videos.owned(user.id, showId), days);
  }

  async createForStaff(staff: PublicUser, showId: number, days: ShareDays | undefined): Promise<CreatedShare> {
    const found = await this.videos.forStaff(staff, showId, this.scopes);
    const created = await this.create(staff, found, days);
    await this.audit.record(staff, "shared", { camperUserId: found.show.userId, showId, detail: `For ${days ?? DEFAULT_SHARE_DAYS} days` });
    return created;
  }

  async revokeForOwner(userId: number, shareId: number): Promise<ShareLink> {
    const row = await this.shares.find(shareId);
    // A reel's link is revoked on its reel (DELETE /api/staff/reels/:id/shares/:shareId), in the reel's scope.
    if (!row || row.userId !== userId || row.reelId !== null) throw notFound(SHARE_MESSAGES.shareNotFound);
    return this.toLink((await this.shares.revoke(shareId, userId)) ?? row);
  }

  async revokeForStaff(staff: PublicUser, shareId: number): Promise<ShareLink> {
    const row = await this.shares.find(shareId);
    if (!row || row.reelId !== null) throw notFound(SHARE_MESSAGES.shareNotFound);
    await this.scopes.assertCamper(staff, row.userId, SHARE_MESSAGES.shareNotFound);
    const revoked = (await this.shares.revoke(shareId, staff.id)) ?? row;
    await this.audit.record(staff, "revoked_share", { camperUserId: row.userId, showId: row.showId });
    return this.toLink(revoked);
  }

  /** What a token opens for a caller at `address`, or how long to wait when that address asked too often. */
  async lookupFrom(address: string, token: string): Promise<ShareLookup | { kind: "too-many"; resetInSeconds: number }> {
    const { count, resetInSeconds } = await this.limiter.hit(`share-lookup:${address}`, 60);
    if (count > this.lookupsPerMinute) return { kind: "too-many", resetInSeconds };
    return this.lookup(token);
  }

  /**
   * What a token in /s/{token} opens now. Anything malformed, unknown, expired or revoked has ended, and
   * so has every link of a camper whose family withdrew the media release (decision 027a): the page says
   * what a revoked link says; the link plays again if the release is given back before it expires.
   */
  async lookup(token: string): Promise<ShareLookup> {
    if (!TOKEN_PATTERN.test(token)) return { kind: "ended" };
    const share = await this.shares.findByTokenHash(hashToken(token));
    if (!share || this.stateOf(share) !== "active") return { kind: "ended" };
    if (share.reelId !== null) {
      const reel = await this.reelVideo(share.reelId);
      return reel ? { kind: "live", share, title: reel.title, video: reel.video } : { kind: "paused" };
    }
    if (share.showId === null) return { kind: "ended" };
    const found = await this.videos.find(share.showId);
    if (found && !found.camperMediaRelease) return { kind: "ended" };
    const videoId = found ? this.playableVideoId(found) : null;
    const video = await this.videos.render(videoId);
    if (!found || !video || video.status !== "done" || !video.outputKey) return { kind: "paused" };
    return { kind: "live", share, title: found.show.title, video };
  }

  /**
   * Cabin reels' links (decision 027d): the same tokens, days, hashing, revocation and watch page as a
   * show's. The reel module checks the caller's scope and the reel's rules before calling these.
   */
  async createForReel(by: PublicUser, reelId: number, days: ShareDays | undefined): Promise<CreatedShare> {
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    const share = await this.shares.create({
      showId: null,
      reelId,
      userId: by.id,
      tokenHash: hashToken(token),
      createdBy: by.id,
      expiresAt: new Date(this.now().getTime() + (days ?? DEFAULT_SHARE_DAYS) * DAY_MS),
    });
    return { share: this.toLink(share), token, path: sharePath(token) };
  }

  async listForReel(reelId: number): Promise<ShareLink[]> {
    return (await this.shares.listForReel(reelId)).map((row) => this.toLink(row));
  }

  async revokeForReel(staff: PublicUser, reelId: number, shareId: number): Promise<ShareLink> {
    const row = await this.shares.find(shareId);
    if (!row || row.reelId !== reelId) throw notFound(SHARE_MESSAGES.shareNotFound);
    return this.toLink((await this.shares.revoke(shareId, staff.id)) ?? row);
  }

  async countView(share: ShareRow): Promise<void> {
    await this.shares.countView(share.id);
  }

  /** The video a link plays now, or null when the show may not be shared at the moment. */
  private playableVideoId(found: ShowWithReview): number | null {
    const shared = sharedVideo(found.facts, this.reviewRequired);
    return "refused" in shared ? null : shared.renderJobId;
  }

  private whyNot(found: ShowWithReview, audience: "camper" | "staff"): string | null {
    // No media release, no link, whatever the video (the camper can still download it).
    if (!found.camperMediaRelease) return audience === "camper" ? SHARE_MESSAGES.noMediaRelease : SHARE_MESSAGES.noMediaReleaseStaff;
    // Without review, a link can be made of the current video: making it sends that video first.
    if (sendsBeforeSharing(found.facts, this.reviewRequired)) return null;
    const shared = sharedVideo(found.facts, this.reviewRequired);
    return "refused" in shared ? SHARE_MESSAGES[shared.refused] : null;
  }

  private async listFor(found: ShowWithReview, audience: "camper" | "staff"): Promise<ShowShares> {
    const reason = this.whyNot(found, audience);
    const links = await this.shares.listForShow(found.show.id);
    return { canShare: reason === null, reason, links: links.map((row) => this.toLink(row)) };
  }

  private async create(by: PublicUser, found: ShowWithReview, days: ShareDays | undefined): Promise<CreatedShare> {
    if (!found.camperMediaRelease) {
      throw refusal(by.role === "camper" ? SHARE_MESSAGES.noMediaRelease : SHARE_MESSAGES.noMediaReleaseStaff, "no_media_release");
    }
    const reason = this.whyNot(found, by.role === "camper" ? "camper" : "staff");
    if (reason) throw refusal(reason, reason === SHARE_MESSAGES.needsVideo ? "needs_video" : "needs_approval");
    if (sendsBeforeSharing(found.facts, this.reviewRequired)) {
      await this.send(found);
      found = (await this.videos.find(found.show.id))!;
    }
    // The check of exactly the video the link plays, again at sharing (a phrase kept may be taken back);
    // a newer render that is not shared never holds the link.
    const playing = this.playableVideoId(found);
    await this.personalDetails.assertResolved(found, await this.videos.render(playing), by.role === "camper" ? "camper" : "staff");
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    const share = await this.shares.create({
      showId: found.show.id,
      userId: found.show.userId,
      tokenHash: hashToken(token),
      createdBy: by.id,
      expiresAt: new Date(this.now().getTime() + (days ?? DEFAULT_SHARE_DAYS) * DAY_MS),
    });
    return { share: this.toLink(share), token, path: sharePath(token) };
  }

  private stateOf(row: ShareRow): ShareLink["state"] {
    if (row.revokedAt) return "revoked";
    return row.expiresAt.getTime() <= this.now().getTime() ? "expired" : "active";
  }

  private toLink(row: ShareRow): ShareLink {
    return {
      id: row.id,
      showId: row.showId,
      reelId: row.reelId,
      state: this.stateOf(row),
      views: row.views,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    };
  }
}
