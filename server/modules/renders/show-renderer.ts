import { randomUUID } from "node:crypto";
import { access, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { RENDER_MESSAGES } from "../../../contracts/renders.ts";
import { withLocalFiles, type MediaStorage } from "../../media/media-storage.ts";
import { ffmpegFilters, hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { buildAss, captionCues, captionCuesUntimed, shiftCues, toPlacedWebVtt, type TimedCue } from "../../render/ass-captions.ts";
import { buildRenderPlan, frameSize, renderTimeline, type RenderClip, type RenderPlanInput } from "../../render/render-plan.ts";
import { runRenderPasses } from "../../render/render-passes.ts";
import type { X264Preset } from "../../render/video-encoding.ts";
import { heardWordsOf } from "../../speech/clip-speech.ts";
import type { TimedSentence } from "../../voice/voice-provider.ts";
import type { ClipWords } from "../clips/clip-words.service.ts";
import { clipSpan, type ClipsRepository } from "../clips/clips.repository.ts";
import type { ReelRenderContext } from "../reels/reel-renderer.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import type { VoiceService } from "../voice/voice.service.ts";
import { readingInClips } from "./clip-reading.ts";
import { renderInParts, type PartsReport } from "./part-maker.ts";
import type { RenderAheadRepository } from "./render-ahead.repository.ts";
import { NotAhead, RenderFailure } from "./render-errors.ts";
import { runRenderFfmpeg } from "./render-ffmpeg.ts";
import type { JobRow } from "./render-jobs.repository.ts";

const require = createRequire(import.meta.url);

/** A finished video in storage, under keys no job names yet. */
export interface RenderedVideo {
  outputKey: string;
  captionsKey: string | null;
  durationSeconds: number;
}

export interface ShowRendererDeps {
  shows: ShowsRepository;
  storage: MediaStorage;
  clips: ClipsRepository;
  voice: VoiceService;
  tools: VideoToolPaths;
  /** The words heard in the clips' own sound for their captions (RenderWorkerOptions.clipWords). */
  clipWords?: ClipWords;
  x264Preset?: X264Preset;
  reels?: { render(job: JobRow, context: ReelRenderContext): Promise<RenderedVideo> };
  musicFile?: (id: string) => string | undefined;
  /** Parts kept by content (render ahead); absent, every video is one picture pass. */
  ahead?: { repo: RenderAheadRepository };
  /** A job's progress, 0 to 99 (never called for a preparation, which has no job). */
  progress: (jobId: number, percent: number) => void;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/**
 * Makes one show's video from its clips, script and choices (and a reel's, through the reel renderer):
 * the voice, the captions timed on it or on the camper's reading, the cards, the music, and ffmpeg. The
 * render worker decides when; this decides what.
 */
export class ShowRenderer {
  /** What the last render or preparation in parts made (bench:render and the tests count it). */
  lastParts: PartsReport | undefined;
  private readonly fontsDir = path.dirname(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));

  constructor(private readonly deps: ShowRendererDeps) {}

  /**
   * A show's (or reel's) video made in `work`: its output and captions stored under new keys, named on
   * nothing yet. `background` is a preparation ahead: low priority, and it stops where the camper's own
   * render would reach another server.
   */
  async render(job: JobRow, work: string, signal: AbortSignal, background?: { lowPriority: true; name: string }): Promise<RenderedVideo> {
    if (job.reelId !== null) return this.renderReel(job, work, signal);
    if (job.showId === null) throw new RenderFailure("This show no longer exists");
    const showId = job.showId;
    const show = await this.deps.shows.findOwned(job.userId, showId);
    if (!show) throw new RenderFailure("This show no longer exists");
    const clips = await this.deps.clips.videoClips(job.userId, showId);
    if (clips.length === 0) throw new RenderFailure(RENDER_MESSAGES.noClips);

    let voiceKey: string | undefined;
    let voiceSeconds: number | undefined;
    let voiceSentences: TimedSentence[] | null = null;
    if (job.options.audio === "voice") {
      if (background && this.deps.voice.sendsTextAway && !(await this.deps.voice.keptVoiceOver(job.userId, showId, job.options.voice ?? undefined))) {
        throw new NotAhead("the voice-over would send the script away");
      }
      try {
        const voiceOver = await this.deps.voice.voiceOver(job.userId, showId, job.options.voice ?? undefined, signal);
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
    const rendering = withLocalFiles(this.deps.storage, inputKeys, async (paths) => {
      const voicePath = voiceKey ? paths[clips.length] : undefined;
      const renderClips: RenderClip[] = [];
      for (const [index, clip] of clips.entries()) {
        const clipPath = paths[index]!;
        if (clip.kind === "photo") {
          // A still: no sound to look for, shown for its length (the camper's photoSeconds).
          renderClips.push({ kind: "photo", path: clipPath, contentId: clip.storageKey, durationSeconds: clip.durationSeconds, hasAudio: false });
          continue;
        }
        // Kept when the clip was saved; probed only for a clip saved before it was kept.
        let hasAudio: boolean;
        try {
          hasAudio = clip.hasAudio ?? (await hasAudioStream(this.deps.tools, clipPath, signal));
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
        const read = await readingInClips(this.deps, { job, rows: clips, clips: renderClips, narration, work, signal, ahead: Boolean(background) });
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
        await this.deps.storage.withNewLocalFile(captionsKey, (p) => writeFile(p, vtt));
      }

      await this.writeFontConfig(work);
      return this.deps.storage.withNewLocalFile(outputKey, async (output) => {
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
          transitions: (job.options.transitions ?? false) && (await ffmpegFilters(this.deps.tools)).has("xfade"),
          cards,
          x264Preset: this.deps.x264Preset,
          output,
        };
        const plan = buildRenderPlan(input);
        const ahead = this.deps.ahead;
        if (ahead) {
          try {
            this.lastParts = await renderInParts({ storage: this.deps.storage, repo: ahead.repo, tools: this.deps.tools }, { userId: job.userId, showId }, plan, input, ass, work, run);
          } catch (error) {
            // Parts only save time: when they cannot be made or joined, the camper still gets the video
            // from the one picture pass (a preparation just stops; the camper's own Render does this).
            if (signal.aborted || background) throw error;
            this.deps.log?.error({ err: error, jobId: job.id }, "rendering in parts failed; rendering in one pass");
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
      if (captionsKey) await this.deps.storage.delete(captionsKey).catch(() => undefined);
      throw error;
    }
    return { outputKey, captionsKey, durationSeconds };
  }

  /** The chosen track's file, checked before any work starts (a missing file is the server's problem, said plainly). */
  private async musicPath(track: string): Promise<string> {
    const file = this.deps.musicFile?.(track);
    if (file && (await access(file).then(() => true, () => false))) return file;
    this.deps.log?.error({ track, file }, "music track file missing");
    throw new RenderFailure("The music chosen for this video is missing on the server. Choose other music or none, or ask your camp leader.");
  }

  /** A cabin reel's video: the reel renderer builds it; this worker runs its ffmpeg like a show's. */
  private async renderReel(job: JobRow, work: string, signal: AbortSignal) {
    if (!this.deps.reels) throw new RenderFailure("This server cannot make reels.");
    await this.writeFontConfig(work);
    return this.deps.reels.render(job, {
      work,
      signal,
      fail: (message) => new RenderFailure(message),
      ffmpeg: async (args, duration) => void (await this.ffmpeg(job, args, duration, work, signal)),
      x264Preset: this.deps.x264Preset,
    });
  }

  /** A fontconfig of our own: the captions font ships with the app, and no system config is needed. */
  private async writeFontConfig(work: string) {
    await writeFile(
      path.join(work, "fonts.conf"),
      `<?xml version="1.0"?><fontconfig><dir>${this.fontsDir}</dir><cachedir>${work}/fc-cache</cachedir></fontconfig>`,
    );
  }

  /** Runs ffmpeg with progress scaled into `share` of the job's; resolves with the end of its log. */
  private ffmpeg(job: JobRow, args: string[], durationSeconds: number, cwd: string, signal: AbortSignal, share = { from: 0, to: 99 }, lowPriority = false) {
    return runRenderFfmpeg({
      ffmpeg: this.deps.tools.ffmpeg,
      args,
      durationSeconds,
      cwd,
      signal,
      lowPriority,
      jobId: job.id,
      log: this.deps.log,
      // A preparation (job id 0) has no progress anyone reads.
      onProgress: job.id === 0 ? undefined : (done) => this.deps.progress(job.id, Math.min(99, Math.floor(share.from + done * (share.to - share.from)))),
    });
  }
}
