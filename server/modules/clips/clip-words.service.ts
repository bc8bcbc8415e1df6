import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { ClipKind } from "../../../contracts/clips.ts";
import { LONGEST_VIDEO_SECONDS } from "../../../contracts/product.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { hasAudioStream, type VideoToolPaths } from "../../media/video-tools.ts";
import { extractSpeechWav } from "../../speech/clip-speech.ts";
import type { HeardWord, SpeechAligner } from "../../speech/speech-aligner.ts";
import type { ClipHeardWordsRepository, HeardWordsKey } from "./clip-heard-words.repository.ts";

/** What ClipWords needs of a clip: whose it is, its content, where it is stored and how long it lasts. */
export interface ClipContent {
  /** A photo has no sound: nothing is listened to (ffmpeg never reads it as video). Absent means video. */
  kind?: ClipKind;
  userId: number;
  uploadSha256: string;
  storageKey: string;
  durationSeconds: number;
  /** Whether the file has sound, as kept when it was saved; null or absent: not known, so it is probed. */
  hasAudio?: boolean | null;
}

export interface HeardOptions {
  /** Runs only when the clip must be listened to (nothing kept): the caller's limit, which may refuse. */
  beforeListening?: () => Promise<void>;
  /** The clip's file when the caller already has it on local disk (a render's inputs). */
  localPath?: string;
  signal?: AbortSignal;
}

export interface ClipWordsOptions {
  kept: ClipHeardWordsRepository;
  storage: MediaStorage;
  tools: VideoToolPaths;
  aligner: SpeechAligner | undefined;
  workDir: string;
}

/**
 * The words a clip's own sound says, for clip-sound captions (a clip's player and the final video):
 * listened for once per content, listener and script, over the clip's whole file, and kept in the
 * database. A trim is a cut of those words (heardWordsOf times are seconds into the file), and another
 * request, instance or render reads them instead of listening again.
 */
export class ClipWords {
  /** Listening under way in this process, so requests at the same moment share one. */
  private readonly listening = new Map<string, Promise<HeardWord[] | null>>();

  private readonly kept: ClipHeardWordsRepository;
  private readonly storage: MediaStorage;
  private readonly tools: VideoToolPaths;
  readonly aligner: SpeechAligner | undefined;
  private readonly workDir: string;

  constructor(options: ClipWordsOptions) {
    this.kept = options.kept;
    this.storage = options.storage;
    this.tools = options.tools;
    this.aligner = options.aligner;
    this.workDir = options.workDir;
  }

  /**
   * The words heard in the clip while listening for `script`: kept ones, else listened to now and kept.
   * null when nothing can listen, the clip has no sound, or it is longer than the longest video (no
   * format shows more, and listening costs time in step with the length).
   */
  async heard(clip: ClipContent, script: string, options: HeardOptions = {}): Promise<HeardWord[] | null> {
    const aligner = this.aligner;
    if (!aligner || clip.kind === "photo" || clip.hasAudio === false || clip.durationSeconds > LONGEST_VIDEO_SECONDS) return null;
    const key: HeardWordsKey = { userId: clip.userId, contentSha256: clip.uploadSha256, listener: aligner.name, scriptSha256: sha256(script) };
    const found = await this.kept.find(key);
    if (found) return found;
    const id = JSON.stringify(key);
    let pending = this.listening.get(id);
    if (!pending) {
      pending = (async () => {
        await options.beforeListening?.();
        const words = await this.listen(aligner, clip, script, options);
        if (words) await this.kept.save(key, words);
        return words;
      })();
      this.listening.set(id, pending);
      void pending.catch(() => undefined).finally(() => this.listening.delete(id));
    }
    return pending;
  }

  private listen(aligner: SpeechAligner, clip: ClipContent, script: string, options: HeardOptions): Promise<HeardWord[] | null> {
    const inFile = async (file: string) => {
      if (clip.hasAudio == null && !(await hasAudioStream(this.tools, file))) return null;
      await mkdir(this.workDir, { recursive: true });
      const work = await mkdtemp(path.join(this.workDir, "clip-words-"));
      try {
        const wav = path.join(work, "clip.wav");
        await extractSpeechWav(this.tools, file, wav, undefined, options.signal);
        return await aligner.align(wav, script, options.signal);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    };
    return options.localPath ? inFile(options.localPath) : this.storage.withLocalFile(clip.storageKey, inFile);
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
