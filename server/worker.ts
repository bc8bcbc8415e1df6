// First: V8 settings that must hold before any other module allocates (server/heap-tuning.ts).
import "./heap-tuning.ts";
import { mkdirSync } from "node:fs";
import pino from "pino";
import { openDatabase } from "../db/client.ts";
import { loadConfigOrExit, runProcess, stopOnSignal } from "./process-lifecycle.ts";
import { createRenderWorker } from "./composition/render-worker.ts";
import { createMediaStorage } from "./media/create-media-storage.ts";
import { resolveVideoTools } from "./media/video-tools.ts";
import { UsersRepository } from "./modules/auth/users.repository.ts";
import { CampSettingsRepository } from "./modules/camp-settings/camp-settings.repository.ts";
import { ClipHeardWordsRepository } from "./modules/clips/clip-heard-words.repository.ts";
import { ClipWords } from "./modules/clips/clip-words.service.ts";
import { ClipsRepository } from "./modules/clips/clips.repository.ts";
import { ReelsRepository } from "./modules/reels/reels.repository.ts";
import { CabinsRepository } from "./modules/staff/cabins.repository.ts";
import { RenderAheadRepository } from "./modules/renders/render-ahead.repository.ts";
import { RenderJobsRepository } from "./modules/renders/render-jobs.repository.ts";
import { campCardsSource, RendersService } from "./modules/renders/renders.service.ts";
import { ShowsRepository } from "./modules/shows/shows.repository.ts";
import { VoiceRepository } from "./modules/voice/voice.repository.ts";
import { VoiceService } from "./modules/voice/voice.service.ts";
import { createSpeechAligner } from "./speech/create-speech-aligner.ts";
import { createVoiceProvider } from "./voice/create-voice-provider.ts";

/** How long a stopping worker lets running renders finish before handing them back to the queue. */
const RENDER_GRACE_MS = 20_000;

/**
 * `npm run worker`: a process that only runs render jobs (no HTTP). It shares the queue
 * (render_jobs) with every other worker and web instance through PostgreSQL, and reads clips from and
 * writes videos to the same storage.
 */
async function main() {
  const config = loadConfigOrExit();
  if (config.database.kind !== "postgres") {
    console.error("A render worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.");
    process.exit(1);
  }
  if (config.render.concurrency < 1) {
    console.error("RENDER_CONCURRENCY must be at least 1 for a render worker.");
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  const storage = await createMediaStorage(config.media);
  const tools = resolveVideoTools(config.media);
  const { db } = database;
  const shows = new ShowsRepository(db);
  const jobs = new RenderJobsRepository(db);
  const clips = new ClipsRepository(db);
  const campSettings = new CampSettingsRepository(db, config.camp.title);
  const renderAhead = new RenderAheadRepository(db);
  // Asked only what a show's render would be made from (render ahead): it never queues from here.
  const renders = new RendersService({
    jobs,
    shows,
    clips,
    storage,
    limits: { queuedPerCamper: config.render.queuedPerCamper },
    cardsOf: campCardsSource(campSettings, new UsersRepository(db)),
    ahead: renderAhead,
  });
  const worker = createRenderWorker({
    config,
    jobs,
    shows,
    clips,
    reels: new ReelsRepository(db),
    cabins: new CabinsRepository(db),
    campSettings,
    renderAhead,
    storage,
    tools,
    voice: new VoiceService({ voices: new VoiceRepository(db), shows, storage, provider: createVoiceProvider(config), tools }),
    clipWords: new ClipWords({ kept: new ClipHeardWordsRepository(db), storage, tools, aligner: createSpeechAligner(config), workDir: config.media.tmpDir }),
    log,
    choices: (userId, showId) => renders.choicesOf(userId, showId),
  });

  stopOnSignal(async (signal) => {
    log.info({ signal, running: worker.busy }, "render worker stopping");
    await worker.finishOrHandBack(RENDER_GRACE_MS);
    await database.close();
    log.info("render worker stopped");
  });

  worker.start();
  log.info({ worker: worker.id, concurrency: config.render.concurrency, storage: config.media.s3 ? "s3" : "local" }, "render worker ready");
}

runProcess(main);
