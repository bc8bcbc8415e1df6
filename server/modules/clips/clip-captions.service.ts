import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { isPlaceholderNarration } from "../../../contracts/shows.ts";
import { notFound, tooManyRequests } from "../../http/errors.ts";
import type { VideoToolPaths } from "../../media/video-tools.ts";
import { buildTimedCues, toWebVtt } from "../../render/captions.ts";
import { heardWordsOf, timeScriptInClips } from "../../speech/clip-speech.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { clipSpan, type ClipsRepository } from "./clips.repository.ts";
import type { ClipWords } from "./clip-words.service.ts";

export interface ClipCaptionsServiceOptions {
  clips: ClipsRepository;
  shows: ShowsRepository;
  tools: VideoToolPaths;
  words: ClipWords;
  limiter: RateLimiter;
  /** Clips a camper's captions may listen to in a minute (words already kept cost nothing). */
  listensPerMinute: number;
}

/**
 * A clip's own captions: the sentences of its show's script the camper says in the clip (its kept
 * part), timed on the clip's own timeline, so its player has a captions track. The words come from the
 * same place as the final video's clip-sound captions (a checked take's, else ClipWords, listened to once
 * per content and script and kept in the database); a clip that says none of the script has none.
 */
export class ClipCaptionsService {
  private readonly clips: ClipsRepository;
  private readonly shows: ShowsRepository;
  private readonly tools: VideoToolPaths;
  private readonly words: ClipWords;
  private readonly limiter: RateLimiter;
  private readonly listensPerMinute: number;

  constructor(options: ClipCaptionsServiceOptions) {
    this.clips = options.clips;
    this.shows = options.shows;
    this.tools = options.tools;
    this.words = options.words;
    this.limiter = options.limiter;
    this.listensPerMinute = options.listensPerMinute;
  }

  /**
   * WebVTT for the owner's clip, or null when it has none (it says none of its show's script, is on
   * no show, has no sound, or nothing can listen). A missing clip is 404; too many clips listened to
   * in a minute, 429 with the wait.
   */
  async webVtt(userId: number, clipId: number): Promise<string | null> {
    const clip = await this.clips.findOwned(userId, clipId);
    if (!clip) throw notFound(CLIP_MESSAGES.notFound);
    // A photo says nothing: no track (204), and nothing is listened to.
    if (clip.kind === "photo") return null;
    const show = clip.showId === null ? undefined : await this.shows.findOwned(userId, clip.showId);
    const script = show?.narration?.trim() ?? "";
    if (isPlaceholderNarration(script)) return null;
    // A checked take's words and times are used as they are; other clips' are listened for once.
    const heardWords = heardWordsOf(clip.scriptCheck) ?? (await this.words.heard(clip, script, { beforeListening: () => this.checkLimit(userId) }));
    if (!heardWords) return null;
    const span = clipSpan(clip);
    const clipOnly = { path: "", durationSeconds: clip.durationSeconds, hasAudio: true, trimStartSeconds: span.start, trimEndSeconds: span.end, heardWords };
    // With the words known nothing is listened to or read here: the cues are worked out from them.
    const timing = await timeScriptInClips(undefined, this.tools, [clipOnly], script, "");
    // Only what this clip says (a reading is often spread over several clips), on the file's own
    // timeline: the player plays the file, so the trim's start is added back.
    const said = timing.sentences.filter((_, i) => timing.said[i]).map((s) => ({ text: s.text, start: s.start + span.start, end: s.end + span.start }));
    return said.length ? toWebVtt(buildTimedCues(said, span.end)) : null;
  }

  private async checkLimit(userId: number): Promise<void> {
    const { count, resetInSeconds } = await this.limiter.hit(`clip-captions:${userId}`, 60);
    if (count > this.listensPerMinute) throw tooManyRequests(CLIP_MESSAGES.captionsBusy(describeWait(resetInSeconds)), resetInSeconds);
  }
}
