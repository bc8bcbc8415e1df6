import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { VideoToolPaths } from "../../media/video-tools.ts";
import type { X264Preset } from "../../render/video-encoding.ts";
import type { ClipWords } from "../clips/clip-words.service.ts";
import type { ClipsRepository } from "../clips/clips.repository.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import type { VoiceService } from "../voice/voice.service.ts";
import type { ReelRenderContext } from "../reels/reel-renderer.ts";
import type { JobRow, RenderJobsRepository } from "./render-jobs.repository.ts";
import type { PartsReport } from "./part-maker.ts";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";
import { NotAhead, RenderFailure } from "./render-errors.ts";
import { sameChoices } from "./render-choices.ts";
import { ShowRenderer } from "./show-renderer.ts";
import { WorkUnderway } from "./work-underway.ts";

export interface RenderWorkerOptions {
  jobs: RenderJobsRepository;
  shows: ShowsRepository;
  storage: MediaStorage;
  clips: ClipsRepository;
  voice: VoiceService;
  tools: VideoToolPaths;
  /** Renders at once in this process. */
  concurrency: number;
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job silent this long belongs to a stopped worker. */
  staleMs?: number;
  maxAttempts?: number;
  /**
   * The words heard in the clips' own sound for their captions (kept by content, listened to once); its
   * aligner absent, clip-sound captions come only from checked takes.
   */
  clipWords?: ClipWords;
  /** The encoder's speed (config.render.x264Preset); veryfast when absent. */
  x264Preset?: X264Preset;
  /** Where each render's work folder goes (DATA_DIR/tmp in the app, swept of leftovers after a crash). */
  workDir?: string;
  /** Cabin reels (render_jobs rows with reel_id): made here too, so they share the queue's turns and recovery. */
  reels?: { render(job: JobRow, context: ReelRenderContext): Promise<{ outputKey: string; captionsKey: string | null; durationSeconds: number }> };
  /**
   * The music library's file for a track id (musicTrackFile of server/modules/music/music-library.ts);
   * absent, a render that asks for music fails with a plain message rather than leaving it out silently.
   */
  musicFile?: (id: string) => string | undefined;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
  /**
   * Render ahead (decision 029d): renders are made from content-addressed parts kept for the next one, and
   * shows that changed are prepared in the background (`prepareConcurrency` at once, at low priority, only
   * while no render waits). Absent, every render is one picture pass as before.
   */
  ahead?: {
    repo: RenderAheadRepository;
    /** What a render of the show would be made from now (RendersService.choicesOf), null when it cannot be rendered. */
    choices(userId: number, showId: number): Promise<RenderChoices | null>;
    prepareConcurrency: number;
  };
}

/** A show's render choices now: its options, their fingerprint and the script. */
export interface RenderChoices {
  options: JobRow["options"];
  fingerprint: string;
  narration: string;
}

/**
 * Runs render jobs in the background: claims queued rows (SKIP LOCKED, so several instances share
 * the queue), runs ffmpeg with progress, and records the result. Output is written under a new key
 * and only named on the job once complete, so nothing half-written is ever served.
 */
export class RenderWorker {
  readonly id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly running = new WorkUnderway("the render was stopped");
  private readonly preparing = new WorkUnderway("the preparation was stopped");
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private readonly renderer: ShowRenderer;

  private readonly jobs: RenderJobsRepository;
  private readonly storage: MediaStorage;

  constructor(private readonly options: RenderWorkerOptions) {
    const { shows, storage, clips, voice, tools } = options;
    this.jobs = options.jobs;
    this.storage = storage;
    this.renderer = new ShowRenderer({
      shows,
      storage,
      clips,
      voice,
      tools,
      clipWords: options.clipWords,
      x264Preset: options.x264Preset,
      reels: options.reels,
      musicFile: options.musicFile,
      ahead: options.ahead,
      progress: (jobId, percent) => void this.jobs.setProgress(this.id, jobId, percent).catch(() => undefined),
      log: options.log,
    });
  }

  /** What the last render or preparation in parts made (bench:render and the tests count it). */
  get lastParts(): PartsReport | undefined {
    return this.renderer.lastParts;
  }

  start() {
    this.stopped = false;
    this.poll();
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? 2000);
    this.timer.unref();
  }

  /**
   * One look at the queue. The database may be away for a moment (a restart, a failover): that is logged
   * and the next poll tries again, never an unhandled rejection that would stop the whole process.
   */
  private poll(recover = true) {
    (recover ? this.recoverStale().then(() => this.fill()) : this.fill()).catch((error: unknown) =>
      this.options.log?.warn?.({ err: error }, "the render queue could not be read; trying again at the next poll"),
    );
  }

  /** Wakes the worker when a job is queued. */
  kick() {
    if (this.timer) this.poll(false);
  }

  /**
   * A graceful stop: takes no new jobs, lets running renders finish for up to `graceMs`, then hands
   * whatever still runs back to the queue (another worker picks it up).
   */
  async finishOrHandBack(graceMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const deadline = Date.now() + graceMs;
    while (this.running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await this.stop();
  }

  /** Renders running in this process right now. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * Stops taking jobs; jobs running here go back to the queue for the next start. Resolves once what ran
   * here has ended: no program of theirs is left running.
   */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const [renders, preparations] = [this.running.size, this.preparing.size];
    const ended = Promise.all([this.running.stopAll(), this.preparing.stopAll()]);
    if (renders) await this.jobs.handBack(this.id);
    if (preparations) await this.options.ahead?.repo.handBack(this.id);
    await ended;
  }

  private async fill() {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await this.claim();
      if (!job) break;
      this.run(job).catch((error: unknown) => this.options.log?.error({ err: error, jobId: job.id }, "a render could not be recorded; it goes back to the queue when its heartbeat goes stale"));
    }
    // Preparation has slots of its own: it never holds one a render needs, and is claimed only while no render waits.
    while (!this.stopped && this.options.ahead && this.preparing.size < this.options.ahead.prepareConcurrency) {
      const ticket = await this.options.ahead.repo.claim(this.id);
      if (!ticket) break;
      this.prepare(ticket).catch((error: unknown) => this.options.log?.warn?.({ err: error, showId: ticket.showId }, "preparing a show ahead failed"));
    }
  }

  /** Claims and prepares one show's video (tests and tools); undefined when no ticket is due. */
  async runNextPrepare(): Promise<number | undefined> {
    const ticket = await this.options.ahead?.repo.claim(this.id);
    if (!ticket) return undefined;
    await this.prepare(ticket);
    return ticket.showId;
  }

  /** Prepares every due show, one after the other (tests and bench:render: "the show has settled"). */
  async runPreparesUntilIdle(): Promise<number> {
    let count = 0;
    while ((await this.runNextPrepare()) !== undefined) count++;
    return count;
  }

  /**
   * A show's video made ahead: skipped when a render of its current choices exists or waits, or the prepared
   * one still matches; stopped (its finished parts kept) as soon as a render of the show is asked for, which
   * then makes only what is left. Never fails visibly: the camper's own render reports its problems.
   */
  private async prepare(ticket: { showId: number; userId: number }) {
    const ahead = this.options.ahead!;
    const stopping = this.preparing.begin(ticket.showId);
    const beat = setInterval(() => {
      ahead.repo.beat(this.id, ticket.showId).catch(() => undefined);
      void ahead.repo.renderWaits(ticket.showId).then((waits) => waits && stopping.abort(new Error("a render of the show was asked for")), () => undefined);
    }, 1000);
    let work: string | undefined;
    try {
      work = await this.workFolder(`prepare-${ticket.showId}-`);
      const now = await ahead.choices(ticket.userId, ticket.showId);
      if (!now || (await ahead.repo.renderWaits(ticket.showId))) return;
      if (await this.jobs.findReusable(ticket.userId, ticket.showId, now.fingerprint)) return;
      const ready = await ahead.repo.findPrepared(ticket.showId);
      if (ready && ready.fingerprint === now.fingerprint && sameChoices(ready.options, now.options)) return;
      const job = { id: 0, userId: ticket.userId, showId: ticket.showId, reelId: null, options: now.options, narration: now.narration } as JobRow;
      const result = await this.renderer.render(job, work, stopping.signal, { lowPriority: true, name: `prepared-${ticket.showId}` });
      const old = await ahead.repo.replacePrepared({
        showId: ticket.showId,
        userId: ticket.userId,
        fingerprint: now.fingerprint,
        options: { ...now.options, captions: result.captionsKey !== null },
        narration: now.narration,
        outputKey: result.outputKey,
        captionsKey: result.captionsKey,
        durationSeconds: result.durationSeconds,
      });
      for (const key of old) await this.storage.delete(key).catch(() => undefined);
      this.options.log?.info({ showId: ticket.showId, parts: this.lastParts }, "show prepared ahead");
    } catch (error) {
      if (error instanceof NotAhead) this.options.log?.info({ showId: ticket.showId, reason: error.message }, "show left for the camper's own render");
      else if (!stopping.signal.aborted) this.options.log?.warn?.({ err: error, showId: ticket.showId }, "preparing a show ahead failed");
    } finally {
      clearInterval(beat);
      if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
      stopping.end();
      await ahead.repo.release(this.id, ticket.showId).catch(() => undefined);
      if (this.timer) this.poll(false);
    }
  }

  /** Claims and runs one job to the end (tests and tools); undefined when the queue is empty. */
  async runNext(): Promise<number | undefined> {
    const job = await this.claim();
    if (!job) return undefined;
    await this.run(job);
    return job.id;
  }

  /**
   * Running jobs whose worker stopped beating for `staleMs`: queued again, or failed after too many
   * tries. 0 takes every running job (start-up on a database no other process uses).
   */
  async recoverStale(staleMs = this.options.staleMs ?? 30_000): Promise<void> {
    await this.jobs.recoverStale(staleMs / 1000, this.options.maxAttempts ?? 3);
    await this.options.ahead?.repo.handBack(null, staleMs / 1000);
  }

  /** A new work folder for one render or preparation, removed when it ends. */
  private async workFolder(prefix: string): Promise<string> {
    const workDir = this.options.workDir ?? tmpdir();
    await mkdir(workDir, { recursive: true });
    return mkdtemp(path.join(workDir, prefix));
  }

  private claim(): Promise<JobRow | undefined> {
    return this.jobs.claimNext(this.id);
  }

  private async run(job: JobRow) {
    // Stops every program the job runs: the voice, the listening, ffmpeg.
    const stopping = this.running.begin(job.id);
    const heartbeat = setInterval(() => this.jobs.beat(this.id, job.id).catch(() => undefined), this.options.heartbeatMs ?? 5000);
    let work: string | undefined;
    try {
      work = await this.workFolder(`render-${job.id}-`);
      const result = await this.renderer.render(job, work, stopping.signal);
      await this.jobs.finish(this.id, job.id, {
        outputKey: result.outputKey,
        captionsKey: result.captionsKey,
        // Automatic clip-sound captions say whether they were made (the camper read the script).
        options: { ...job.options, captions: result.captionsKey !== null },
        durationSeconds: result.durationSeconds,
      });
      this.options.log?.info({ jobId: job.id }, "render finished");
    } catch (error) {
      if (stopping.signal.aborted && this.stopped) return; // stop() put it back in the queue
      const message = error instanceof RenderFailure ? error.message : "Rendering failed unexpectedly. Please try again.";
      if (!(error instanceof RenderFailure)) this.options.log?.error({ err: error, jobId: job.id }, "render crashed");
      await this.jobs.fail(this.id, job.id, message);
    } finally {
      clearInterval(heartbeat);
      if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
      stopping.end();
      if (this.timer) this.poll(false);
    }
  }
}
