import { randomUUID } from "node:crypto";
import { access, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { RENDER_MESSAGES } from "../../../contracts/renders.ts";
import { withLocalFiles, type MediaStorage } from "../../media/media-storage.ts";
import { renderTimeLimitMs } from "../../media/time-limits.ts";
import { spawnTool, stopErrorOf, ToolTimeLimitError } from "../../media/tool-process.ts";
import { ffmpegFilters, hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { buildAss, captionCues, captionCuesUntimed, shiftCues, toPlacedWebVtt, type TimedCue } from "../../render/ass-captions.ts";
import { buildRenderPlan, frameSize, renderTimeline, type RenderClip, type RenderPlanInput } from "../../render/render-plan.ts";
import { runRenderPasses } from "../../render/render-passes.ts";
import type { X264Preset } from "../../render/video-encoding.ts";
import { heardWordsOf, timeScriptInClips } from "../../speech/clip-speech.ts";
import type { TimedSentence } from "../../voice/voice-provider.ts";
import type { ClipWords } from "../clips/clip-words.service.ts";
import { clipSpan, type ClipRow, type ClipsRepository } from "../clips/clips.repository.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import type { VoiceService } from "../voice/voice.service.ts";
import type { ReelRenderContext } from "../reels/reel-renderer.ts";
import type { JobRow, RenderJobsRepository } from "./render-jobs.repository.ts";
import { renderInParts, type PartsReport } from "./part-maker.ts";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";
import { sameChoices } from "./render-choices.ts";

const require = createRequire(import.meta.url);

export interface RenderWorkerOptions {
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

/** A failure the camper (or, for a reel, staff) can act on, stored as the job's message. */
export class RenderFailure extends Error {}

/**
 * Work ahead of the camper stops where it would reach another server (the OpenAI voice, a transcription
 * endpoint): the camper's own Render does that step, under its limits, when they ask for the video.
 */
class NotAhead extends Error {}

/**
 * Runs render jobs in the background: claims queued rows (SKIP LOCKED, so several instances share
 * the queue), runs ffmpeg with progress, and records the result. Output is written under a new key
 * and only named on the job once complete, so nothing half-written is ever served.
 */
export class RenderWorker {
  readonly id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private running = new Map<number, { kill: () => void }>();
  private preparing = new Map<number, { kill: () => void }>();
  /** What the last render or preparation in parts made (bench:render and the tests count it). */
  lastParts: PartsReport | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private readonly fontsDir: string;

  constructor(
    private readonly jobs: RenderJobsRepository,
    private readonly shows: ShowsRepository,
    private readonly storage: MediaStorage,
    private readonly clips: ClipsRepository,
    private readonly voice: VoiceService,
    private readonly tools: VideoToolPaths,
    private readonly options: RenderWorkerOptions,
  ) {
    this.fontsDir = path.dirname(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
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

  /** Stops taking jobs; jobs running here go back to the queue for the next start. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const ids = [...this.running.keys()];
    for (const { kill } of [...this.running.values(), ...this.preparing.values()]) kill();
    if (ids.length) await this.jobs.handBack(this.id);
    if (this.preparing.size) await this.options.ahead?.repo.handBack(this.id);
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
    const stopping = new AbortController();
    this.preparing.set(ticket.showId, { kill: () => stopping.abort(new Error("the preparation was stopped")) });
    const beat = setInterval(() => {
      ahead.repo.beat(this.id, ticket.showId).catch(() => undefined);
      void ahead.repo.renderWaits(ticket.showId).then((waits) => waits && stopping.abort(new Error("a render of the show was asked for")), () => undefined);
    }, 1000);
    const workDir = this.options.workDir ?? tmpdir();
    await mkdir(workDir, { recursive: true });
    const work = await mkdtemp(path.join(workDir, `prepare-${ticket.showId}-`));
    try {
      const now = await ahead.choices(ticket.userId, ticket.showId);
      if (!now || (await ahead.repo.renderWaits(ticket.showId))) return;
      if (await this.jobs.findReusable(ticket.userId, ticket.showId, now.fingerprint)) return;
      const ready = await ahead.repo.findPrepared(ticket.showId);
      if (ready && ready.fingerprint === now.fingerprint && sameChoices(ready.options, now.options)) return;
      const job = { id: 0, userId: ticket.userId, showId: ticket.showId, reelId: null, options: now.options, narration: now.narration } as JobRow;
      const result = await this.render(job, work, stopping.signal, { lowPriority: true, name: `prepared-${ticket.showId}` });
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
      this.preparing.delete(ticket.showId);
      await rm(work, { recursive: true, force: true });
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

  private claim(): Promise<JobRow | undefined> {
    return this.jobs.claimNext(this.id);
  }

  private async run(job: JobRow) {
    // Stops every program the job runs: the voice, the listening, ffmpeg.
    const stopping = new AbortController();
    this.running.set(job.id, { kill: () => stopping.abort(new Error("the render was stopped")) });
    const workDir = this.options.workDir ?? tmpdir();
    await mkdir(workDir, { recursive: true });
    const work = await mkdtemp(path.join(workDir, `render-${job.id}-`));
    const heartbeat = setInterval(() => this.jobs.beat(this.id, job.id).catch(() => undefined), this.options.heartbeatMs ?? 5000);
    try {
      const result = await this.render(job, work, stopping.signal);
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
      this.running.delete(job.id);
      await rm(work, { recursive: true, force: true });
      if (this.timer) this.poll(false);
    }
  }

  private async render(job: JobRow, work: string, signal: AbortSignal, background?: { lowPriority: true; name: string }) {
    if (job.reelId !== null) return this.renderReel(job, work, signal);
    if (job.showId === null) throw new RenderFailure("This show no longer exists");
    const showId = job.showId;
    const show = await this.shows.findOwned(job.userId, showId);
    if (!show) throw new RenderFailure("This show no longer exists");
    const clips = await this.clips.videoClips(job.userId, showId);
    if (clips.length === 0) throw new RenderFailure(RENDER_MESSAGES.noClips);

    let voiceKey: string | undefined;
    let voiceSeconds: number | undefined;
    let voiceSentences: TimedSentence[] | null = null;
    if (job.options.audio === "voice") {
      if (background && this.voice.sendsTextAway && !(await this.voice.keptVoiceOver(job.userId, showId, job.options.voice ?? undefined))) {
        throw new NotAhead("the voice-over would send the script away");
      }
      try {
        const voiceOver = await this.voice.voiceOver(job.userId, showId, job.options.voice ?? undefined, signal);
        voiceKey = voiceOver.storageKey;
        voiceSeconds = voiceOver.durationSeconds;
        voiceSentences = voiceOver.sentences;
      } catch (error) {
        throw new RenderFailure(`The AI voice could not be made: ${(error as Error).message}`);
      }
    }

    const stem = `users/${job.userId}/renders/${background?.name ?? job.id}-${randomUUID()}`;
    const outputKey = `${stem}.mp4`;
    const run = (args: string[], seconds: number, share?: { from: number; to: number }) => this.ffmpeg(job, args, seconds, work, signal, share, background?.lowPriority);
    const format = show.videoFormat;
    let captionsKey: string | null = null;
    // Every input ffmpeg reads is a local path only inside this scope (on S3, a temporary copy that
    // goes when the scope ends), so the whole render runs within it.
    const inputKeys = [...clips.map((c) => c.storageKey), ...(voiceKey ? [voiceKey] : [])];
    const rendering = withLocalFiles(this.storage, inputKeys, async (paths) => {
      const voicePath = voiceKey ? paths[clips.length] : undefined;
      const renderClips: RenderClip[] = [];
      for (const [index, clip] of clips.entries()) {
        const clipPath = paths[index]!;
        if (clip.kind === "photo") {
          // A still: no sound to look for, shown for its length (the camper's photoSeconds).
          renderClips.push({ kind: "photo", path: clipPath, contentId: clip.storageKey, durationSeconds: clip.durationSeconds, hasAudio: false });
          continue;
        }
        let hasAudio: boolean;
        try {
          hasAudio = await hasAudioStream(this.tools, clipPath, signal);
        } catch {
          throw new RenderFailure(`"${clip.title}" could not be read. Remove it or record it again.`);
        }
        const span = clipSpan(clip);
        renderClips.push({
          kind: "video",
          path: clipPath,
          contentId: clip.storageKey,
          durationSeconds: clip.durationSeconds,
          hasAudio,
          trimStartSeconds: span.start,
          trimEndSeconds: span.end,
          // A checked take's words and times: its captions follow them without listening again.
          heardWords: heardWordsOf(clip.scriptCheck),
        });
      }
      const cards = job.options.cards ?? null;
      // The story (voice, clips, captions) starts after the title card; captions are timed on the story, then moved there.
      const timeline = renderTimeline({ format, clips: renderClips, voicePath, voiceSeconds, cards });
      const videoSeconds = timeline.storySeconds;
      const music = job.options.music ? { path: await this.musicPath(job.options.music.track), level: job.options.music.level } : undefined;

      // The script the render was asked for (kept on the job), so its captions are the words it was checked on.
      const narration = job.narration ?? show.narration ?? "";
      const { width, height } = frameSize(format);
      let cues: TimedCue[] = [];
      if (voiceSentences?.length && job.options.captions) {
        // With the voice, each sentence's cue starts when the voice starts saying it (timed on the audio itself).
        cues = captionCues(voiceSentences, videoSeconds, format, width, height);
      } else if (job.options.audio === "original" && (job.options.captions || job.options.captionsIfRead)) {
        // With the clips' own sound, cues follow the camper's reading when they read the script; a camper
        // who asked for captions anyway gets the words spread over the video, automatic ones none.
        const read = await this.readingInClips(job, clips, renderClips, narration, work, signal, Boolean(background));
        if (read) cues = captionCues(read, videoSeconds, format, width, height);
        else if (job.options.captions) cues = captionCuesUntimed(narration, videoSeconds, format, width, height);
      } else if (job.options.captions) {
        cues = captionCuesUntimed(narration, Math.min(voiceSeconds ?? videoSeconds, videoSeconds), format, width, height);
      }
      cues = shiftCues(cues, timeline.storyStartSeconds);
      // One subtitle file carries the captions (inside the platform's free area) and the cards' words.
      let subtitlesFile: string | undefined;
      let ass: string | undefined;
      const cardWindows = cards && timeline.titleCard && timeline.endCard ? { content: cards, title: timeline.titleCard, end: timeline.endCard } : null;
      if (cues.length || cardWindows) {
        subtitlesFile = "captions.ass";
        const style = job.options.captionStyle ?? "lines";
        ass = buildAss({ format, width, height, style, cues, cards: cardWindows });
        await writeFile(path.join(work, subtitlesFile), ass);
      }
      if (cues.length) {
        captionsKey = `${stem}.vtt`;
        const vtt = toPlacedWebVtt(cues, format);
        await this.storage.withNewLocalFile(captionsKey, (p) => writeFile(p, vtt));
      }

      await this.writeFontConfig(work);
      return this.storage.withNewLocalFile(outputKey, async (output) => {
        const input: RenderPlanInput = {
          format,
          voiceContentId: voiceKey,
          fit: job.options.fit,
          clips: renderClips,
          voicePath,
          voiceSeconds,
          subtitlesFile,
          fontsDir: this.fontsDir,
          music,
          // Cross-fades need xfade (ffmpeg 4.3+); an older build gives hard cuts rather than no video.
          transitions: (job.options.transitions ?? false) && (await ffmpegFilters(this.tools)).has("xfade"),
          cards,
          x264Preset: this.options.x264Preset,
          output,
        };
        const plan = buildRenderPlan(input);
        const ahead = this.options.ahead;
        if (ahead) {
          try {
            this.lastParts = await renderInParts({ storage: this.storage, repo: ahead.repo, tools: this.tools }, { userId: job.userId, showId }, plan, input, ass, work, run);
          } catch (error) {
            // Parts only save time: when they cannot be made or joined, the camper still gets the video
            // from the one picture pass (a preparation just stops; the camper's own Render does this).
            if (signal.aborted || background) throw error;
            this.options.log?.error({ err: error, jobId: job.id }, "rendering in parts failed; rendering in one pass");
            await runRenderPasses(plan, work, (args, share) => run(args, plan.durationSeconds, share));
          }
        } else {
          await runRenderPasses(plan, work, (args, share) => run(args, plan.durationSeconds, share));
        }
        return plan.durationSeconds;
      });
    });
    let durationSeconds: number;
    try {
      durationSeconds = await rendering;
    } catch (error) {
      // A failed render leaves no captions file without its video.
      if (captionsKey) await this.storage.delete(captionsKey).catch(() => undefined);
      throw error;
    }
    return { outputKey, captionsKey, durationSeconds };
  }

  /** The chosen track's file, checked before any work starts (a missing file is the server's problem, said plainly). */
  private async musicPath(track: string): Promise<string> {
    const file = this.options.musicFile?.(track);
    if (file && (await access(file).then(() => true, () => false))) return file;
    this.options.log?.error({ track, file }, "music track file missing");
    throw new RenderFailure("The music chosen for this video is missing on the server. Choose other music or none, or ask your camp leader.");
  }

  /** A cabin reel's video: the reel renderer builds it; this worker runs its ffmpeg like a show's. */
  private async renderReel(job: JobRow, work: string, signal: AbortSignal) {
    if (!this.options.reels) throw new RenderFailure("This server cannot make reels.");
    await this.writeFontConfig(work);
    return this.options.reels.render(job, {
      work,
      signal,
      fail: (message) => new RenderFailure(message),
      ffmpeg: async (args, duration) => void (await this.ffmpeg(job, args, duration, work, signal)),
      x264Preset: this.options.x264Preset,
    });
  }

  /** A fontconfig of our own: the captions font ships with the app, and no system config is needed. */
  private async writeFontConfig(work: string) {
    await writeFile(
      path.join(work, "fonts.conf"),
      `<?xml version="1.0"?><fontconfig><dir>${this.fontsDir}</dir><cachedir>${work}/fc-cache</cachedir></fontconfig>`,
    );
  }

  /**
   * The script's sentences timed on the camper's reading in the clips (checked takes' stored word
   * times, the other clips' words as kept for their content, listened to now when none are), or
   * undefined when nothing can tell (no aligner and no checked take), the camper did not read the
   * script, or listening failed (captions are then not timed on speech; the render itself goes on).
   */
  private async readingInClips(
    job: JobRow,
    rows: ClipRow[],
    clips: RenderClip[],
    narration: string,
    work: string,
    signal: AbortSignal,
    ahead: boolean,
  ): Promise<TimedSentence[] | undefined> {
    const words = this.options.clipWords;
    const aligner = words?.aligner;
    if ((!aligner && !clips.some((c) => c.heardWords)) || !narration.trim()) return undefined;
    // Words already kept are read; a clip that would have to be sent to a transcriber stops work done ahead.
    const beforeListening = ahead && aligner?.sendsAudioAway ? () => Promise.reject(new NotAhead("listening would send a clip's sound away")) : undefined;
    const started = Date.now();
    try {
      const known: RenderClip[] = [];
      for (const [i, clip] of clips.entries()) {
        const heard = clip.heardWords ?? (clip.hasAudio && words ? ((await words.heard(rows[i]!, narration, { localPath: clip.path, signal, beforeListening })) ?? undefined) : undefined);
        known.push({ ...clip, heardWords: heard });
      }
      const timing = await timeScriptInClips(undefined, this.tools, known, narration, work, signal);
      this.options.log?.info(
        { jobId: job.id, aligner: aligner?.name ?? "none", storedTakes: clips.filter((c) => c.heardWords).length, share: Number(timing.share.toFixed(2)), sentencesSaid: Number(timing.sentencesSaid.toFixed(2)), speechSeconds: timing.speechSeconds, ms: Date.now() - started },
        timing.readTheScript ? "clip speech follows the script" : "clip speech is not the script",
      );
      return timing.readTheScript ? timing.sentences : undefined;
    } catch (error) {
      if (error instanceof NotAhead) throw error;
      this.options.log?.warn?.({ err: error, jobId: job.id, aligner: aligner?.name }, "could not listen to the clips' speech");
      return undefined;
    }
  }

  /** Runs ffmpeg with progress scaled into `share` of the job's; resolves with the end of its log. */
  private ffmpeg(job: JobRow, args: string[], duration: number, cwd: string, signal: AbortSignal, share = { from: 0, to: 99 }, lowPriority = false) {
    return new Promise<string>((resolve, reject) => {
      const fontconfig = path.join(cwd, "fonts.conf");
      const child = spawnTool(this.tools.ffmpeg, args, {
        cwd,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, FONTCONFIG_FILE: fontconfig },
        timeoutMs: renderTimeLimitMs(duration),
        signal,
        lowPriority,
      });
      let stderr = "";
      let lastReport = 0;
      child.stderr!.on("data", (d: Buffer) => {
        // The end is kept: errors and loudnorm's figures come last.
        stderr = (stderr + d.toString()).slice(-64 * 1024);
      });
      child.stdout!.on("data", (d: Buffer) => {
        const match = /out_time_(?:us|ms)=(\d+)/.exec(d.toString());
        // A preparation (job id 0) has no progress anyone reads.
        if (!match || job.id === 0 || Date.now() - lastReport < 1000) return;
        lastReport = Date.now();
        const done = Math.min(1, Number(match[1]) / 1e6 / duration);
        const progress = Math.min(99, Math.floor(share.from + done * (share.to - share.from)));
        this.jobs.setProgress(this.id, job.id, progress).catch(() => undefined);
      });
      child.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return reject(new RenderFailure("The video tool (ffmpeg) is missing on the server. Ask your camp leader."));
        this.options.log?.error({ err: error, jobId: job.id }, "the video tool could not start");
        reject(new RenderFailure(RENDER_MESSAGES.couldNotFinish));
      });
      child.on("close", (code, signal) => {
        if (code === 0) return resolve(stderr);
        const stopped = stopErrorOf(child);
        if (stopped instanceof ToolTimeLimitError) {
          return reject(new RenderFailure("This video took far longer to make than it should, so it was stopped. Please try again; if it happens again, try fewer or shorter clips."));
        }
        if (stopped) return reject(new RenderFailure("The render was stopped"));
        if (/No space left on device/i.test(stderr)) return reject(new RenderFailure("The server ran out of disk space while rendering. Ask your camp leader to free some space, then try again."));
        // ffmpeg's own words (paths, codecs, internals) are for the camp's admin, never the camper.
        this.options.log?.error({ jobId: job.id, exitCode: code, signal, ffmpeg: stderr.slice(-4000) }, "ffmpeg failed to render");
        reject(new RenderFailure(RENDER_MESSAGES.couldNotFinish));
      });
    });
  }
}
