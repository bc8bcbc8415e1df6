import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { CLIP_MESSAGES, PHOTO_LIMITS, type Clip } from "../../../contracts/clips.ts";
import { FREE_TIER_SHOW_LIMIT } from "../../../contracts/product.ts";
import { SHOW_LIMITS, SHOW_MESSAGES } from "../../../contracts/recordings.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style.ts";
import { HttpError, badRequest, conflict, forbidden, locked, notFound, payloadTooLarge, unprocessable, unsupportedMediaType } from "../../http/errors.ts";
import { NotVideoError, TooLargeError, UploadGuard, sniffClipUpload, type ClipUploadKind } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { cleanPhoto, PhotoUnreadableError } from "../../media/photos.ts";
import { grabPoster, probeDuration, remux, type VideoToolPaths } from "../../media/video-tools.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { StorageFullError, type Reservation, type StorageQuota } from "../storage-quota/storage-quota.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import { toClip, type ClipRow, type ClipsRepository } from "./clips.repository.ts";
import type { UploadRow, UploadsRepository } from "./uploads.repository.ts";

/**
 * An upload's lock is a lease: its writer renews it every LOCK_RENEW_MS while bytes stream in, so a
 * writer that died (kill -9, a lost machine) stops renewing and another instance may take over after
 * LOCK_SECONDS. Short, so a camper's resume after a crash waits seconds, never minutes.
 */
const LOCK_SECONDS = 5;
const LOCK_RENEW_MS = 2000;

/** A held lock: the lease end we wrote, so renewing and releasing touch only our own lease. */
interface Lease {
  until: Date;
}

/** The one-shot multipart upload's fields, and its Content-Length when the client sent one. */
export interface IngestInput {
  title: string;
  showId: number | null;
  transcription: string | null;
  bodyBytes: number | null;
}

/** More than a multipart body's fields and boundaries can take (the transcription is the big one). */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export interface UploadState {
  offset: number;
  length: number | null;
  clipId: number | null;
}

/**
 * Resumable uploads that become clips. The database row is the truth about confirmed bytes, so an
 * upload started on one instance continues on any other sharing the database and the storage.
 */
export interface UploadObserver {
  /** A request began receiving bytes. */
  started(): void;
  /** It ended, having stored `bytes`. */
  finished(bytes: number): void;
}

export class UploadsService {
  /** Requests writing bytes right now, so a shutdown can wait for them to save their offset. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly storage: MediaStorage,
    private readonly clips: ClipsRepository,
    private readonly shows: ShowsRepository,
    private readonly shots: ShotsRepository,
    private readonly tools: VideoToolPaths,
    readonly maxBytes: number,
    private readonly quota: StorageQuota,
    private readonly observer?: UploadObserver,
  ) {}

  /**
   * Waits (at most `timeoutMs`) for uploads in progress to finish or, their connection cut, to save
   * the bytes that arrived and release their lock: the client then resumes on another instance.
   */
  async drain(timeoutMs: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Runs a write, counted as an upload in progress until it settles. */
  private async track<T>(write: () => Promise<T>, bytesOf: (result: T | undefined, error: unknown) => number): Promise<T> {
    this.observer?.started();
    try {
      const result = await write();
      this.observer?.finished(bytesOf(result, undefined));
      return result;
    } catch (error) {
      this.observer?.finished(bytesOf(undefined, error));
      throw error;
    }
  }

  /** Keeps a whole request's work (write, offset, unlock) in sight of drain(). */
  private async whileInFlight<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
    }
  }

  async create(
    userId: number,
    input: { title: string; showId: number | null; shotId?: number | null; length: number | null },
  ): Promise<string> {
    if (input.length !== null && input.length > this.maxBytes) throw payloadTooLarge(CLIP_MESSAGES.tooLarge(this.maxBytes));
    // A take of a shot joins the shot's show. A shot that is not the camper's (or no longer exists) is
    // ignored like a foreign show: the clip is then a free clip of the show given, never lost.
    const shot = input.shotId ? await this.shots.findOwnedShot(userId, input.shotId) : undefined;
    const showId = shot ? shot.showId : input.showId !== null && (await this.ownsShow(userId, input.showId)) ? input.showId : null;
    // A free clip is one more part of the show's video: refused before any byte when the show is full.
    if (showId !== null && !shot && (await this.clips.sectionsOf(showId)) >= SHOW_LIMITS.maxSections) {
      throw forbidden(SHOW_MESSAGES.tooManySections(SHOW_LIMITS.maxSections));
    }
    const id = randomUUID();
    const values = { id, userId, showId, shotId: shot?.id ?? null, title: input.title, length: input.length, storageKey: `users/${userId}/uploads/${id}` };
    // Before any byte is written: room for the whole declared length (at least a byte when deferred).
    // The row holds that length from here on; a deferred one holds its bytes as they arrive.
    const { openUploads } = this.quota.limits;
    await this.quota.admit(userId, async (tx, usage) => {
      if (usage.open >= openUploads) throw new HttpError(429, CLIP_MESSAGES.tooManyUploads(openUploads));
      if (usage.bytes + (input.length ?? 1) > this.quota.limits.storedBytes) throw this.storageFull();
      await this.uploads.insert(tx, values);
    });
    return id;
  }

  async state(userId: number, id: string): Promise<UploadState> {
    let row = await this.find(userId, id);
    if (row.status === "failed") throw unprocessable(row.failure ?? CLIP_MESSAGES.unreadable);
    // Nobody is writing: the stored bytes are the offset (a writer may have died before saving it).
    if (row.status === "uploading" && (row.lockedUntil === null || row.lockedUntil < new Date())) row = await this.reconcile(row);
    return { offset: row.offset, length: row.length, clipId: row.clipId };
  }

  /**
   * Appends a PATCH body at `offset` (`bodyBytes` long, when the client said so); finishes the clip
   * when the last byte is in.
   */
  append(userId: number, id: string, offset: number, length: number | null, body: Readable, bodyBytes: number | null = null): Promise<UploadState> {
    return this.whileInFlight(() => this.appendNow(userId, id, offset, length, body, bodyBytes));
  }

  private async appendNow(userId: number, id: string, offset: number, length: number | null, body: Readable, bodyBytes: number | null): Promise<UploadState> {
    let row = await this.find(userId, id);
    if (row.status === "failed") throw unprocessable(row.failure ?? CLIP_MESSAGES.unreadable);
    if (row.status === "done") return { offset: row.offset, length: row.length, clipId: row.clipId };
    if (length !== null) {
      if (row.length !== null && row.length !== length) throw badRequest("Upload-Length cannot change");
      if (length > this.maxBytes) return this.refuse(row, 413, CLIP_MESSAGES.tooLarge(this.maxBytes));
      if (length < offset) throw badRequest("Upload-Length is smaller than the bytes already sent");
    }
    const lease = await this.lock(row);
    const renew = setInterval(() => void this.renew(row.id, lease).catch(() => undefined), LOCK_RENEW_MS);
    try {
      row = await this.reconcile(row);
      if (row.offset !== offset) throw conflict(CLIP_MESSAGES.wrongOffset);
      const declared = length ?? row.length;
      const space = await this.spaceFor(row, offset, length, bodyBytes);
      // Videos and photos by their first bytes (the client's filetype is only a hint); a photo has its own, smaller limit.
      const guard = new UploadGuard(offset, declared ?? this.maxBytes, (head) => sniffClipUpload(head) !== undefined, space, (head) =>
        sniffClipUpload(head)?.kind === "photo" ? { maxTotal: PHOTO_LIMITS.maxBytes, declared } : undefined,
      );
      try {
        let written = 0;
        try {
          const key = row.storageKey;
          written = await this.track(
            () => this.storage.writeAt(key, offset, body, guard, { expectedTotal: declared }),
            (result, error) => result ?? (error as { bytesWritten?: number }).bytesWritten ?? 0,
          );
        } catch (error) {
          if (error instanceof NotVideoError) return await this.refuse(row, 415, CLIP_MESSAGES.notVideo);
          // Bytes past the camper's space: the upload goes, and with it the space its bytes took.
          if (error instanceof StorageFullError) return await this.refuse(row, 413, this.storageFull().message);
          if (error instanceof TooLargeError) return await this.refuse(row, 413, error.photo ? CLIP_MESSAGES.photoTooLarge : CLIP_MESSAGES.tooLarge(this.maxBytes));
          // The client went away mid-body: keep what arrived, so it resumes from there.
          written = (error as { bytesWritten?: number }).bytesWritten ?? 0;
          await this.saveProgress(row, offset + written, length);
          throw error;
        }
        row = await this.saveProgress(row, offset + written, length);
      } finally {
        // Released once the row counts the bytes (or they are gone), never before.
        await space?.release();
      }
      if (row.length !== null && row.offset === row.length) {
        const clip = await this.finish(row);
        return { offset: row.offset, length: row.length, clipId: clip.id };
      }
      return { offset: row.offset, length: row.length, clipId: null };
    } finally {
      clearInterval(renew);
      await this.unlock(row.id, lease);
    }
  }

  /**
   * tus termination. A PATCH streaming into the upload holds its lock, so the DELETE is refused with
   * 423 (the client retries once the PATCH ends) instead of pulling the file from under the writer.
   */
  async terminate(userId: number, id: string): Promise<void> {
    const row = await this.find(userId, id);
    await this.lock(row);
    await this.storage.delete(row.storageKey);
    await this.uploads.delete(row.id);
    // A writer that died mid-PATCH may have left a hold under the upload's id.
    await this.quota.release(row.id);
  }

  /**
   * Frees every upload lock at once. Only for a database this process alone uses (embedded): at
   * start-up any lock in it was held by this server's previous life, which a crash ended.
   */
  releaseAllLocks(): Promise<number> {
    return this.uploads.releaseAllLocks();
  }

  /**
   * A whole file in one request (the multipart POST /api/recordings, for clients that cannot resume). Without a show it makes
   * one. The clip, its transcription and the new show are saved together or not at all, so a failure
   * leaves nothing behind and a retry makes no duplicate.
   */
  ingest(userId: number, input: IngestInput, file: Readable) {
    return this.whileInFlight(() => this.ingestNow(userId, input, file));
  }

  private async ingestNow(userId: number, input: IngestInput, file: Readable) {
    if (input.showId !== null && !(await this.ownsShow(userId, input.showId))) throw notFound(SHOW_MESSAGES.notFound);
    const id = await this.create(userId, { title: input.title, showId: input.showId, length: null });
    const row = await this.find(userId, id);
    const room = this.quota.limits.storedBytes - (await this.quota.usage(userId)).bytes;
    // A body (file and form fields) far beyond the space left cannot fit: refused before writing.
    if (input.bodyBytes !== null && input.bodyBytes > room + MULTIPART_OVERHEAD_BYTES) {
      await this.terminate(userId, id);
      throw this.storageFull();
    }
    const space = this.quota.reservation(userId, id, 0, this.maxBytes);
    const guard = new UploadGuard(0, this.maxBytes, undefined, space);
    let written: number;
    try {
      written = await this.track(
        () => this.storage.writeAt(row.storageKey, 0, file, guard),
        (result) => result ?? 0,
      );
    } catch (error) {
      await this.discard(userId, id, space);
      if (error instanceof NotVideoError) throw unsupportedMediaType(CLIP_MESSAGES.notVideo);
      if (error instanceof StorageFullError) throw this.storageFull();
      if (error instanceof TooLargeError) throw payloadTooLarge(CLIP_MESSAGES.tooLarge(this.maxBytes));
      throw error;
    }
    if (written === 0) {
      await this.discard(userId, id, space);
      throw badRequest("The video file is empty");
    }
    await this.storage.seal(row.storageKey);
    const done = await this.saveProgress(row, written, written);
    // The row counts the bytes now.
    await space.release();
    try {
      return await this.finish(done, { transcription: input.transcription, newShow: input.showId === null });
    } catch (error) {
      await this.terminate(userId, id).catch(() => undefined);
      throw error;
    }
  }

  private async finish(row: UploadRow, extra: { transcription: string | null; newShow: boolean } = { transcription: null, newShow: false }): Promise<Clip> {
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
    const { clipKey, durationSeconds, sizeBytes, posterKey } = checked.made;
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
            transcription: extra.transcription,
            posterKey,
            shotId,
          },
          tx,
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

  /**
   * A video remuxed (so it seeks and plays everywhere), its duration and size, and a poster grabbed
   * from the remuxed file while it is still on this machine (on S3 that saves fetching it back).
   */
  private async makeVideo(file: string, container: "webm" | "mp4", keyOf: (extension: string) => string): Promise<MadeClip> {
    const clipKey = keyOf(container);
    const posterKey = clipKey.replace(/\.[a-z0-9]+$/, ".jpg");
    let made: { durationSeconds: number; sizeBytes: number; poster: string | null };
    try {
      made = await this.storage.withNewLocalFile(clipKey, async (output) => {
        await remux(this.tools, file, output, container);
        const durationSeconds = await probeDuration(this.tools, output);
        return { durationSeconds, sizeBytes: (await stat(output)).size, poster: await this.makePoster(output, posterKey, durationSeconds) };
      });
    } catch {
      await this.storage.delete(clipKey);
      await this.storage.delete(posterKey);
      return { refused: { status: 422, message: CLIP_MESSAGES.unreadable } };
    }
    return { clipKey, durationSeconds: made.durationSeconds, sizeBytes: made.sizeBytes, posterKey: made.poster, refused: undefined };
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
      return { clipKey, durationSeconds: PHOTO_SECONDS.default, sizeBytes, posterKey, refused: undefined };
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
  private async refuse(row: UploadRow, status: 413 | 415 | 422, message: string): Promise<never> {
    await this.storage.delete(row.storageKey);
    await this.uploads.markFailed(row.id, message);
    throw new HttpError(status, message);
  }

  private saveProgress(row: UploadRow, offset: number, length: number | null): Promise<UploadRow> {
    return this.uploads.saveProgress(row.id, offset, length);
  }

  /** Takes the stored byte count as the offset when they differ (what a crashed writer left). */
  private async reconcile(row: UploadRow): Promise<UploadRow> {
    const stored = (await this.storage.size(row.storageKey)) ?? 0;
    return stored === row.offset ? row : this.saveProgress(row, stored, null);
  }

  private async lock(row: UploadRow): Promise<Lease> {
    const until = await this.uploads.lock(row.id, LOCK_SECONDS);
    if (until) return { until };
    // Gone meanwhile (a DELETE that won the lock first) is not "busy".
    if (!(await this.uploads.exists(row.id))) throw notFound(CLIP_MESSAGES.uploadNotFound);
    throw locked(CLIP_MESSAGES.busy);
  }

  /** Extends our lease while the body streams; a lease someone else took over is left alone. */
  private async renew(id: string, lease: Lease): Promise<void> {
    const until = await this.uploads.renew(id, lease.until, LOCK_SECONDS);
    if (until) lease.until = until;
  }

  private async unlock(id: string, lease: Lease): Promise<void> {
    await this.uploads.unlock(id, lease.until);
  }

  /**
   * The camper's space for a PATCH's bytes. A length declared at creation is counted whole since, so it
   * needs no more, unless the space shrank meanwhile. A deferred upload holds the bytes past its offset:
   * up to a length it declares now, else to the end of the body when the client sent its length (tus
   * clients do), whole before a byte is read, so PATCHes at once are admitted whole or not at all (and
   * one that does not fit leaves the upload to resume once there is room); a body of unknown length a
   * slice at a time as it arrives, cut where the space ends.
   */
  private async spaceFor(row: UploadRow, offset: number, length: number | null, bodyBytes: number | null): Promise<Reservation | undefined> {
    if (row.length !== null) {
      const room = this.quota.limits.storedBytes - (await this.quota.usage(row.userId, { upload: row.id })).bytes;
      if (row.length > room) throw this.storageFull();
      return undefined;
    }
    const cap = length ?? this.maxBytes;
    const space = this.quota.reservation(row.userId, row.id, offset, cap);
    const end = length ?? (bodyBytes !== null ? Math.min(offset + bodyBytes, cap) : null);
    if (end !== null && !(await space.holdUpTo(end))) {
      await space.release();
      throw this.storageFull();
    }
    return space;
  }

  /** Removes an upload and its bytes, then the space held for them (never before the bytes are gone). */
  private async discard(userId: number, id: string, space: Reservation): Promise<void> {
    try {
      await this.terminate(userId, id);
    } finally {
      await space.release();
    }
  }

  private storageFull(): HttpError {
    return payloadTooLarge(CLIP_MESSAGES.storageFull(this.quota.limits.storedBytes));
  }

  private async find(userId: number, id: string): Promise<UploadRow> {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound(CLIP_MESSAGES.uploadNotFound);
    const row = await this.uploads.findOwned(userId, id);
    if (!row) throw notFound(CLIP_MESSAGES.uploadNotFound);
    return row;
  }

  private async ownsShow(userId: number, showId: number): Promise<boolean> {
    return Boolean(await this.shows.findOwned(userId, showId));
  }
}

/** A clip's file made from an upload, or why the upload is refused. */
type MadeClip =
  | { clipKey: string; durationSeconds: number; sizeBytes: number; posterKey: string | null; refused: undefined }
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
