import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { AppConfig } from "../config.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { AiService } from "../modules/ai/ai.service.ts";
import type { SessionsRepository } from "../modules/auth/sessions.repository.ts";
import type { UsersRepository } from "../modules/auth/users.repository.ts";
import { BoardRepository } from "../modules/board/board.repository.ts";
import { BoardService } from "../modules/board/board.service.ts";
import { CardsRepository } from "../modules/cards/cards.repository.ts";
import { CardsService } from "../modules/cards/cards.service.ts";
import { DataExport, type ExportRepositories } from "../modules/export/data-export.ts";
import { ExportService } from "../modules/export/export.service.ts";
import { KeepsRepository } from "../modules/personal-details/keeps.repository.ts";
import { OpinionsRepository } from "../modules/personal-details/opinions.repository.ts";
import { PersonalDetailsService } from "../modules/personal-details/personal-details.service.ts";
import type { RateLimiter } from "../modules/rate-limit/limiter.ts";
import { CabinZip } from "../modules/reels/cabin-zip.ts";
import type { ReelsRepository } from "../modules/reels/reels.repository.ts";
import { reelVideoOf, ReelsService } from "../modules/reels/reels.service.ts";
import type { RenderWorker } from "../modules/renders/render-worker.ts";
import type { RendersService } from "../modules/renders/renders.service.ts";
import type { Retention } from "../modules/retention/retention.ts";
import { ReviewsRepository } from "../modules/reviews/reviews.repository.ts";
import { ReviewsService } from "../modules/reviews/reviews.service.ts";
import { ShowVideos } from "../modules/reviews/show-videos.ts";
import type { CampersRepository } from "../modules/roster/campers.repository.ts";
import { CampersService } from "../modules/roster/campers.service.ts";
import { RosterRepository } from "../modules/roster/roster.repository.ts";
import { RosterService } from "../modules/roster/roster.service.ts";
import { SharesRepository } from "../modules/shares/shares.repository.ts";
import { SharesService } from "../modules/shares/shares.service.ts";
import type { AuditLog } from "../modules/staff/audit-log.ts";
import type { StaffAccountsRepository } from "../modules/staff/staff-accounts.repository.ts";
import type { StaffScopes } from "../modules/staff/staff-scope.ts";
import { StaffTeam } from "../modules/staff/team.service.ts";
import type { VoiceService } from "../modules/voice/voice.service.ts";
import { OpenAiSecondOpinion } from "../privacy/ai-second-opinion.ts";

/** Finished videos on their way out (review, share links, reels, exports) and the staff's camp tools. */
export function buildStaffWork(deps: {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  repositories: ExportRepositories & {
    reels: ReelsRepository;
    campers: CampersRepository;
    users: UsersRepository;
    sessions: SessionsRepository;
    staffAccounts: StaffAccountsRepository;
  };
  storage: MediaStorage;
  limiter: RateLimiter;
  audit: AuditLog;
  scopes: StaffScopes;
  ai: AiService;
  renders: RendersService;
  voice: VoiceService;
  retention: Retention;
  renderWorker: RenderWorker;
}) {
  const { config, db, storage, audit, scopes, renders } = deps;
  const { reels: reelsRepository, users } = deps.repositories;
  // Which video is which (decision 026a): the camper's current video by the same fingerprint renders reuse.
  const showVideos = new ShowVideos(new ReviewsRepository(db), (show) => renders.currentFingerprint(show));
  const personalDetails = new PersonalDetailsService({
    keeps: new KeepsRepository(db),
    videos: showVideos,
    storage,
    // The AI provider, when the camp configured one, gives the personal-details check a second opinion.
    secondOpinion: config.ai.provider === "openai" ? new OpenAiSecondOpinion(config.ai) : null,
    log: deps.log,
    opinions: new OpinionsRepository(db),
    aiLimit: (userId) => deps.ai.checkLimit(userId),
  });
  const reviews = new ReviewsService({ videos: showVideos, audit, personalDetails, scopes });
  const shares = new SharesService({
    shares: new SharesRepository(db),
    videos: showVideos,
    audit,
    reviewRequired: config.review.required,
    personalDetails,
    send: (found) => reviews.send(found, null),
    scopes,
    reelVideo: reelVideoOf(reelsRepository),
    limiter: deps.limiter,
    lookupsPerMinute: config.share.lookupsPerMinute,
  });
  const exporter = new DataExport({
    rows: deps.repositories,
    storage,
    reviews,
    voice: deps.voice,
    shareLinks: async (userId, showId) => (await shares.listForOwner(userId, showId)).links,
  });
  return {
    personalDetails,
    reviews,
    shares,
    archives: new ExportService({ exporter, limiter: deps.limiter, audit, scopes }),
    board: new BoardService(new BoardRepository(db), scopes, config.review.required),
    cards: new CardsService({ cards: new CardsRepository(db), users, sessions: deps.repositories.sessions, scopes, audit }),
    roster: new RosterService(new RosterRepository(db), users, audit),
    campers: new CampersService({ campers: deps.repositories.campers, scopes, audit }),
    team: new StaffTeam(deps.repositories.staffAccounts, storage, audit),
    // Cabin reels and the closing-night zip (decision 027d): reels render on the same queue and workers.
    reels: new ReelsService({ reels: reelsRepository, scopes, audit, storage, shares, kick: () => deps.renderWorker.kick() }),
    cabinZip: new CabinZip({ reels: reelsRepository, scopes, storage, audit }),
  };
}
