import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { CLIP_MESSAGES, type CheckedTake } from "../../../contracts/clips.ts";
import { LONGEST_VIDEO_SECONDS } from "../../../contracts/product.ts";
import { SHOT_MESSAGES, type ScriptCheck, type TakeSwitch } from "../../../contracts/shots.ts";
import { badRequest, notFound, tooManyRequests } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { ToolTimeLimitError } from "../../media/tool-process.ts";
import { hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { extractSpeechWav } from "../../speech/clip-speech.ts";
import { checkHeardWords, checkSpeech, checkTranscript, unavailableCheck } from "../../speech/script-check.ts";
import type { SpeechAligner } from "../../speech/speech-aligner.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import { toClip, type ClipRow, type ClipsRepository } from "./clips.repository.ts";

/**
 * Checks a camper may run a minute. One per take is the use (a take lasts 5-15 s, so a camper records
 * a few a minute); every check costs seconds of CPU offline or a paid call to a transcription endpoint.
 */
export const SCRIPT_CHECKS_PER_MINUTE = 12;

/** Brings a show's shots in step with its narration (ShotsService.list), so the lines checked are the current ones. */
export type ShotsInStep = (userId: number, showId: number) => Promise<unknown>;

/** Uses the checked take in place of its shot's chosen one when it is better (ShotsService.useBetterTake). */
export type UseBetterTake = (userId: number, showId: number, clipId: number) => Promise<TakeSwitch | null>;

export interface ScriptCheckServiceOptions {
  clips: ClipsRepository;
  shots: ShotsRepository;
  storage: MediaStorage;
  tools: VideoToolPaths;
  listeners: readonly SpeechAligner[];
  limiter: RateLimiter;
  workDir: string;
  log: FastifyBaseLogger;
  shotsInStep?: ShotsInStep;
  useBetterTake?: UseBetterTake;
}

/**
 * The take check (decision record 021): which of its shot's lines a take says. The server's
 * listeners are tried in order (a configured transcription endpoint, then offline pocketsphinx), then the
 * browser's transcript, else the check says plainly that it is unavailable. The result is kept on the clip.
 */
export class ScriptCheckService {
  private readonly clips: ClipsRepository;
  private readonly shots: ShotsRepository;
  private readonly storage: MediaStorage;
  private readonly tools: VideoToolPaths;
  private readonly listeners: readonly SpeechAligner[];
  private readonly limiter: RateLimiter;
  private readonly workDir: string;
  private readonly log: FastifyBaseLogger;
  private readonly shotsInStep: ShotsInStep | undefined;
  private readonly useBetterTake: UseBetterTake | undefined;

  constructor(options: ScriptCheckServiceOptions) {
    this.clips = options.clips;
    this.shots = options.shots;
    this.storage = options.storage;
    this.tools = options.tools;
    this.listeners = options.listeners;
    this.limiter = options.limiter;
    this.workDir = options.workDir;
    this.log = options.log;
    this.shotsInStep = options.shotsInStep;
    this.useBetterTake = options.useBetterTake;
  }

  async check(userId: number, clipId: number, transcript: string | undefined, signal?: AbortSignal): Promise<CheckedTake> {
    let clip = await this.clips.findOwned(userId, clipId);
    if (!clip) throw notFound(CLIP_MESSAGES.notFound);
    // Nothing to listen to: a photo take is its shot's picture as it is (uploads.service.ts chose it).
    if (clip.kind === "photo") throw badRequest(CLIP_MESSAGES.photoHasNoWords);
    if (clip.shotId === null) throw badRequest(SHOT_MESSAGES.clipHasNoShot);
    if (clip.showId !== null && this.shotsInStep) {
      // The narration may have changed since the shots were laid out: following it can move the take to
      // another shot (a merge) or rewrite the lines, so the clip is read again after.
      await this.shotsInStep(userId, clip.showId);
      clip = await this.clips.findOwned(userId, clipId);
      if (!clip) throw notFound(CLIP_MESSAGES.notFound);
      if (clip.shotId === null) throw badRequest(SHOT_MESSAGES.clipHasNoShot);
    }
    const lines = (await this.shots.findOwnedShot(userId, clip.shotId))?.text;
    if (lines === undefined) throw badRequest(SHOT_MESSAGES.clipHasNoShot);
    // Listening costs time in step with the take's length: no video holds more than the longest format.
    if (clip.durationSeconds > LONGEST_VIDEO_SECONDS) throw badRequest(SHOT_MESSAGES.takeTooLong(LONGEST_VIDEO_SECONDS / 60));
    const { count, resetInSeconds } = await this.limiter.hit(`script-check:${userId}`, 60);
    if (count > SCRIPT_CHECKS_PER_MINUTE) {
      throw tooManyRequests(`That's a lot of checks in one minute. Please wait ${describeWait(resetInSeconds)} and try again.`, resetInSeconds);
    }
    const result = await this.listen(clip, lines, transcript, signal);
    const row = await this.clips.update(userId, clipId, { scriptCheck: result });
    if (!row) throw notFound(CLIP_MESSAGES.notFound);
    const takeSwitch = row.showId !== null && this.useBetterTake ? await this.useBetterTake(userId, row.showId, row.id) : null;
    return { ...toClip(row), takeSwitch };
  }

  private async listen(clip: Pick<ClipRow, "storageKey" | "hasAudio">, lines: string, transcript: string | undefined, signal?: AbortSignal): Promise<ScriptCheck> {
    if (this.listeners.length) {
      const heard = await this.storage.withLocalFile(clip.storageKey, async (file) => {
        // A take without sound says nothing: every sentence missed, by the first listener's name.
        const audible = clip.hasAudio ?? (await hasAudioStream(this.tools, file, signal));
        if (!audible) return checkHeardWords([], lines, this.listeners[0]!.sendsAudioAway ? "transcription" : "offline");
        await mkdir(this.workDir, { recursive: true });
        const work = await mkdtemp(path.join(this.workDir, "script-check-"));
        try {
          // The whole take, not its trimmed part: word times are seconds into the clip's file.
          const wav = path.join(work, "take.wav");
          try {
            await extractSpeechWav(this.tools, file, wav, undefined, signal);
          } catch (error) {
            // Its sound took too long to read: no listener can hear it, as when every listener fails.
            if (!(error instanceof ToolTimeLimitError)) throw error;
            this.log.warn({ err: error }, "script check: the take's sound took too long to read");
            return undefined;
          }
          for (const listener of this.listeners) {
            try {
              return await checkSpeech(listener, wav, lines, signal);
            } catch (error) {
              if (signal?.aborted) throw error;
              this.log.warn({ err: error, listener: listener.name }, "script check: listener failed, trying the next");
            }
          }
          return undefined;
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      });
      if (heard) return heard;
    }
    if (transcript?.trim()) return checkTranscript(transcript, lines);
    return unavailableCheck(lines);
  }
}
