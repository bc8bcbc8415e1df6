import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppInfo } from "../../contracts/app-info.ts";
import type { Database } from "../../db/client.ts";
import type { AppConfig } from "../config.ts";
import { appInfoRoutes } from "../modules/app-info/app-info.routes.ts";
import { aiRoutes } from "../modules/ai/ai.routes.ts";
import { accountRoutes } from "../modules/auth/account.routes.ts";
import { authRoutes } from "../modules/auth/auth.routes.ts";
import { boardRoutes } from "../modules/board/board.routes.ts";
import { campSettingsRoutes } from "../modules/camp-settings/camp-settings.routes.ts";
import { cardsRoutes } from "../modules/cards/cards.routes.ts";
import { clipsRoutes } from "../modules/clips/clips.routes.ts";
import { scriptCheckRoutes } from "../modules/clips/script-check.routes.ts";
import { uploadsRoutes } from "../modules/clips/uploads.routes.ts";
import { videoSectionsRoutes } from "../modules/clips/video-sections.routes.ts";
import { exportRoutes } from "../modules/export/export.routes.ts";
import { HealthRepository } from "../modules/health/health.repository.ts";
import { healthRoutes } from "../modules/health/health.routes.ts";
import { registerMetrics } from "../modules/metrics/metrics.ts";
import { musicRoutes } from "../modules/music/music.routes.ts";
import { personalDetailsRoutes } from "../modules/personal-details/personal-details.routes.ts";
import { reelsRoutes } from "../modules/reels/reels.routes.ts";
import { rendersRoutes } from "../modules/renders/renders.routes.ts";
import { retentionRoutes } from "../modules/retention/retention.routes.ts";
import { reviewsRoutes, staffRoutes } from "../modules/reviews/reviews.routes.ts";
import { campersRoutes } from "../modules/roster/campers.routes.ts";
import { rosterRoutes } from "../modules/roster/roster.routes.ts";
import { sharesRoutes, watchRoutes } from "../modules/shares/shares.routes.ts";
import { shotsRoutes } from "../modules/shots/shots.routes.ts";
import { showsRoutes } from "../modules/shows/shows.routes.ts";
import { teamRoutes } from "../modules/staff/team.routes.ts";
import { voiceRoutes } from "../modules/voice/voice.routes.ts";
import type { Services } from "./services.ts";

/**
 * Every route of the app, each module's given the services it calls (and the storage it streams from),
 * with GET /metrics and its request timing. They are added in the order they have always been added in
 * (the OpenAPI document lists them so).
 */
export async function registerRoutes(
  app: FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>,
  s: Services,
  context: { config: AppConfig; db: Database; info: AppInfo; isClosing: () => boolean },
) {
  const { config, info } = context;
  const { storage } = s;
  await app.register(appInfoRoutes, { info });
  await app.register(musicRoutes);
  await app.register(campSettingsRoutes, { settings: s.campSettings });
  await app.register(authRoutes, { auth: s.auth });
  await app.register(accountRoutes, { accounts: s.accounts });
  await app.register(showsRoutes, { shows: s.shows });
  registerMetrics(app, s.metrics, config.metricsToken, config.env);
  await app.register(aiRoutes, { ai: s.ai });
  await app.register(voiceRoutes, { voice: s.voice, samples: s.voiceSamples, storage });
  await app.register(shotsRoutes, { shots: s.shots });
  await app.register(healthRoutes, { database: new HealthRepository(context.db), storage, isClosing: context.isClosing, operatorToken: config.metricsToken });
  await app.register(rendersRoutes, { renders: s.renders, storyLength: s.storyLength, storage });
  await app.register(clipsRoutes, { clips: s.clips, captions: s.clipCaptions, storage });
  await app.register(videoSectionsRoutes, { sections: s.videoSections });
  await app.register(scriptCheckRoutes, { scriptCheck: s.scriptCheck });
  await app.register(uploadsRoutes, { uploads: s.uploads });
  await app.register(personalDetailsRoutes, { personalDetails: s.personalDetails });
  await app.register(reviewsRoutes, { reviews: s.reviews });
  await app.register(staffRoutes, { reviews: s.reviews, storage, videoTools: s.tools });
  await app.register(boardRoutes, { board: s.board });
  await app.register(retentionRoutes, { retention: s.retention });
  await app.register(cardsRoutes, { cards: s.cards });
  await app.register(rosterRoutes, { roster: s.roster });
  await app.register(campersRoutes, { campers: s.campers, sessions: s.campSessions });
  await app.register(teamRoutes, { team: s.team });
  await app.register(exportRoutes, { archives: s.archives });
  await app.register(sharesRoutes, { shares: s.shares });
  await app.register(reelsRoutes, { reels: s.reels, cabinZip: s.cabinZip, storage });
  await app.register(watchRoutes, { shares: s.shares, storage, info });
}
