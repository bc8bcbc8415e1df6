import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { isPlaceholderNarration } from "../../../contracts/recordings.ts";
import { notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { buildTimedCues, toWebVtt } from "../../render/captions.ts";
import { heardWordsOf, timeScriptInClips } from "../../speech/clip-speech.ts";
import type { HeardWord, SpeechAligner } from "../../speech/speech-aligner.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { clipSpan, type ClipsRepository } from "./clips.repository.ts";

/** Narrations that only hold a place until the AI writes: nobody reads them into a camera. */
/** Answers kept (per clip, trims and script): listening costs seconds of CPU, a player asks often. */
const CACHE_SIZE = 200;

/**
 * A clip's own captions: the sentences of its show's script the camper says in the clip (its kept
 * part), timed on the clip's own timeline, so its player has a captions track. Found by the same
 * aligner as the final video's clip-sound captions; a clip that says none of the script has none.
 */
export class ClipCaptionsService {
  private readonly cache = new Map<string, Promise<string | null>>();

  constructor(
    private readonly clips: ClipsRepository,
    private readonly shows: ShowsRepository,
    private readonly storage: MediaStorage,
    private readonly tools: VideoToolPaths,
    private readonly aligner: SpeechAligner | undefined,
    private readonly workDir: string,
  ) {}

  /**
   * WebVTT for the owner's clip, or null when it has none (it says none of its show's script, is on
   * no show, or nothing can listen). A missing clip is 404.
   */
  async webVtt(userId: number, clipId: number): Promise<string | null> {
    const clip = await this.clips.findOwned(userId, clipId);
    if (!clip) throw notFound(CLIP_MESSAGES.notFound);
    const show = clip.showId === null ? undefined : await this.shows.findOwned(userId, clip.showId);
    const script = show?.narration?.trim() ?? "";
    // A checked take's words and times are used as they are; other clips are listened to.
    const heardWords = heardWordsOf(clip.scriptCheck);
    if ((!this.aligner && !heardWords) || isPlaceholderNarration(script)) return null;
    const span = clipSpan(clip);
    const key = [clip.id, clip.storageKey, span.start, span.end, clip.scriptCheck?.checkedAt ?? "", createHash("sha256").update(script).digest("hex")].join(":");
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.listen(this.aligner, clip.storageKey, clip.durationSeconds, span, script, heardWords);
      this.cache.set(key, answer);
      // A failure is not remembered: the next request listens again.
      answer.catch(() => this.cache.delete(key));
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    return answer;
  }

  private listen(
    aligner: SpeechAligner | undefined,
    key: string,
    durationSeconds: number,
    span: { start: number; end: number },
    script: string,
    heardWords: HeardWord[] | undefined,
  ) {
    return this.storage.withLocalFile(key, async (file) => {
      if (!(await hasAudioStream(this.tools, file))) return null;
      await mkdir(this.workDir, { recursive: true });
      const work = await mkdtemp(path.join(this.workDir, "clip-captions-"));
      try {
        const clip = { path: file, durationSeconds, hasAudio: true, trimStartSeconds: span.start, trimEndSeconds: span.end, heardWords };
        const timing = await timeScriptInClips(aligner, this.tools, [clip], script, work);
        // Only what this clip says (a reading is often spread over several clips), on the file's own
        // timeline: the player plays the file, so the trim's start is added back.
        const said = timing.sentences
          .filter((_, i) => timing.said[i])
          .map((s) => ({ text: s.text, start: s.start + span.start, end: s.end + span.start }));
        return said.length ? toWebVtt(buildTimedCues(said, span.end)) : null;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    });
  }
}
