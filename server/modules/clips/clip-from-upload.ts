import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { CLIP_MESSAGES, PHOTO_LIMITS, type Clip } from "../../../contracts/clips.ts";
import { FREE_TIER_SHOW_LIMIT } from "../../../contracts/product.ts";
import { SHOW_LIMITS, SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { Executor } from "../../../db/executor.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style.ts";
import { HttpError, forbidden } from "../../http/errors.ts";
import { sniffClipUpload, type ClipUploadKind } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { cleanPhoto, PhotoUnreadableError } from "../../media/photos.ts";
import { grabPoster, probeVideo, remux, type VideoToolPaths } from "../../media/video-tools.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { toClip, type ClipRow, type ClipsRepository } from "./clips.repository.ts";
import type { UploadRow, UploadsRepository } from "./uploads.repository.ts";

/** What an upload's clip is made with and saved through. */
export interface ClipFromUploadOptions {
  uploads: UploadsRepository;
  storage: MediaStorage;
  clips: ClipsRepository;
  shows: ShowsRepository;
  shots: ShotsRepository;
  tools: VideoToolPaths;
}

/**
 * An upload's last step: its bytes checked (a video or a photo, by their first bytes), made into the
 * clip's own file (a video remuxed with a poster, a photo cleaned), and saved as the camper's clip in
 * one transaction with its shot, its new show and the upload's state. A file that is neither is refused.
 */
export class ClipFromUpload {
  private readonly uploads: UploadsRepository;
  private readonly storage: MediaStorage;
  private readonly clips: ClipsRepository;
  private readonly shows: ShowsRepository;
  private readonly shots: ShotsRepository;
  private readonly tools: VideoToolPaths;

  constructor(options: ClipFromUploadOptions) {
    this.uploads = options.uploads;
    this.storage = options.storage;
    this.clips = options.clips;
    this.shows = options.shows;
    this.shots = options.shots;
    this.tools = options.tools;
  }

  async finish(row: UploadRow, extra: { transcription: string | null; newShow: boolean } = { transcription: null, newShow: false }): Promise<Clip> {
    await this.storage.seal(row.storageKey);
    const clipName = randomUUID();
    const keyOf = (extension: string) => `users/${row.userId}/clips/${clipName}.${extension}`;
    // One local copy (on S3) for every check: the first bytes, the checksum, then the remux or the photo's cleaning.
    const checked = await this.storage.withLocalFile(row.storageKey, async (file) => {
      const sniffed = await sniffFile(file);
      if (!sniffed) return { sniffed };
      const sha256 = await sha256Of(file);
      return { sniffed, sha256, made: sniffed.kind === "photo" ? await this.makePhoto(row, file, sniffed.format, keyOf) : await this.makeVideo(file, sniffed.container, keyOf) };
    });
    if (!checked.sniffed) return this.refuse(row, 415, CLIP_MESSAGES.notVideo);
    if (checked.made.refused) return this.refuse(row, checked.made.refused.status, checked.made.refused.message);
    const { sniffed, sha256 } = checked;
    const { clipKey, durationSeconds, hasAudio, sizeBytes, posterKey } = checked.made;
    const photo = sniffed.kind === "photo";
    let clipRow: ClipRow;
    try {
      clipRow = await this.uploads.transaction(async (tx) => {
        let showId = row.showId;
        if (extra.newShow) {
          const show = await this.shows.createWithinLimit(
            row.userId,
            { title: row.title, transcription: extra.transcription, prompts: [], responses: [] },
            FREE_TIER_SHOW_LIMIT,
            tx,
          );
          if (show === "limit-reached") throw forbidden(SHOW_MESSAGES.freeTierLimit(FREE_TIER_SHOW_LIMIT));
          showId = show.id;
        }
        // Begun before its story was first saved: it joins the story's show if that exists now and has room
        // for one more part (else it stays loose, as before, for the Create screen to place).
        if (showId === null && row.draftKey) showId = await this.storyShow(tx, row.userId, row.draftKey);
        // The shot may have gone while the bytes arrived (a narration edit): the take is then a free clip.
        const shotId = row.shotId !== null && showId !== null && (await this.shots.lockShotForTake(tx, showId, row.shotId)) ? row.shotId : null;
        const created = await this.clips.create(
          {
            userId: row.userId,
            showId,
            title: row.title,
            kind: sniffed.kind,
            mimeType: photo ? "image/jpeg" : sniffed.container === "mp4" ? "video/mp4" : "video/webm",
            storageKey: clipKey,
            sizeBytes,
            uploadedBytes: row.offset,
            uploadSha256: sha256,
            durationSeconds,
            hasAudio,
            transcription: extra.transcription,
            posterKey,
            shotId,
          },
          tx,
          row,
        );
        // A photo for a shot is the camper's pick of its picture (it has no words to check, so no check
        // can later prefer it): it becomes the chosen take at once, as a take that passed its check does.
        // A video take is chosen only when the shot has none yet; its check may switch it later.
        if (shotId !== null && showId !== null && photo) await this.shots.setChosen(tx, showId, shotId, created.id);
        else if (shotId !== null) await this.shots.chooseFirstTake(tx, shotId, created.id);
        if (extra.newShow && showId !== null) await this.shows.setVideoUrl(row.userId, showId, toClip(created).mediaUrl, tx);
        await this.uploads.markDone(tx, row.id, created.id);
        return created;
      });
    } catch (error) {
      await this.storage.delete(clipKey);
      if (posterKey) await this.storage.delete(posterKey);
      throw error;
    }
    // The device's bytes go (for a photo: with its location and camera details); only the clip's file stays.
    await this.storage.delete(row.storageKey);
    return toClip(clipRow);
  }

  /** The saved show of the story `draftKey` names, when it can take one more part; else null. */
  private async storyShow(tx: Executor, userId: number, draftKey: string): Promise<number | null> {
    const showId = await this.shows.lockByDraftKey(tx, userId, draftKey);
    if (showId === undefined) return null;
    return (await this.clips.sectionsOf(showId, tx)) < SHOW_LIMITS.maxSections ? showId : null;
  }

  /**
   * A video remuxed (so it seeks and plays everywhere), its duration and size, and a poster grabbed
   * from the remuxed file while it is still on this machine (on S3 that saves fetching it back).
   */
  private async makeVideo(file: string, container: "webm" | "mp4", keyOf: (extension: string) => string): Promise<MadeClip> {
    const clipKey = keyOf(container);
    const posterKey = clipKey.replace(/\.[a-z0-9]+$/, ".jpg");
    let made: { durationSeconds: number; hasAudio: boolean; sizeBytes: number; poster: string | null };
    try {
      made = await this.storage.withNewLocalFile(clipKey, async (output) => {
        await remux(this.tools, file, output, container);
        // Read once here and kept on the clip, so listening to it and rendering it need no probe of their own.
        const { durationSeconds, hasAudio } = await probeVideo(this.tools, output);
        return { durationSeconds, hasAudio, sizeBytes: (await stat(output)).size, poster: await this.makePoster(output, posterKey, durationSeconds) };
      });
    } catch {
      await this.storage.delete(clipKey);
      await this.storage.delete(posterKey);
      return { refused: { status: 422, message: CLIP_MESSAGES.unreadable } };
    }
    return { clipKey, durationSeconds: made.durationSeconds, hasAudio: made.hasAudio, sizeBytes: made.sizeBytes, posterKey: made.poster, refused: undefined };
  }

  /**
   * A photo cleaned (media/photos.ts: upright, sized, a JPEG with no metadata) and its poster. The
   * uploaded bytes are never copied anywhere: only the cleaned JPEG is stored. Its length starts at
   * PHOTO_SECONDS.default (the camper changes it with PATCH photoSeconds).
   */
  private async makePhoto(row: UploadRow, file: string, format: "jpeg" | "png" | "heif", keyOf: (extension: string) => string): Promise<MadeClip> {
    // Checked here too: a resumed upload's later PATCHes do not see the first bytes that say "photo".
    if (row.offset > PHOTO_LIMITS.maxBytes) return { refused: { status: 413, message: CLIP_MESSAGES.photoTooLarge } };
    const clipKey = keyOf("jpg");
    const posterKey = keyOf("poster.jpg");
    try {
      const sizeBytes = await this.storage.withNewLocalFile(clipKey, async (output) => {
        await this.storage.withNewLocalFile(posterKey, (poster) => cleanPhoto(file, format, output, poster));
        return (await stat(output)).size;
      });
      return { clipKey, durationSeconds: PHOTO_SECONDS.default, hasAudio: false, sizeBytes, posterKey, refused: undefined };
    } catch (error) {
      await this.storage.delete(clipKey);
      await this.storage.delete(posterKey);
      if (error instanceof PhotoUnreadableError) return { refused: { status: 422, message: CLIP_MESSAGES.photoUnreadable } };
      throw error;
    }
  }

  /** A still for the clip's player from its local file; a clip without one still plays, so a failure here is not fatal. */
  private async makePoster(input: string, posterKey: string, durationSeconds: number): Promise<string | null> {
    try {
      await this.storage.withNewLocalFile(posterKey, async (output) => {
        await grabPoster(this.tools, input, output, durationSeconds);
        if (!(await stat(output)).size) throw new Error("empty poster");
      });
      return posterKey;
    } catch {
      await this.storage.delete(posterKey);
      return null;
    }
  }

  /** Refuses the upload for good: its bytes go, the row remembers why (so a retry hears the same). */
  async refuse(row: UploadRow, status: 413 | 415 | 422, message: string): Promise<never> {
    await this.storage.delete(row.storageKey);
    await this.uploads.markFailed(row.id, message);
    throw new HttpError(status, message);
  }
}

/** A clip's file made from an upload, or why the upload is refused. */
type MadeClip =
  | { clipKey: string; durationSeconds: number; hasAudio: boolean; sizeBytes: number; posterKey: string | null; refused: undefined }
  | { refused: { status: 413 | 415 | 422; message: string } };

async function sniffFile(file: string): Promise<ClipUploadKind | undefined> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    return sniffClipUpload(head);
  } finally {
    await handle.close();
  }
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}
