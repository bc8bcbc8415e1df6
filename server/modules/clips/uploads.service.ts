import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { CLIP_MESSAGES, PHOTO_LIMITS } from "../../../contracts/clips.ts";
import { SHOW_LIMITS, SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { HttpError, badRequest, conflict, forbidden, notFound, payloadTooLarge, unprocessable, unsupportedMediaType } from "../../http/errors.ts";
import { NotVideoError, TooLargeError, UploadGuard, sniffClipUpload } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { StorageFullError, type Reservation, type StorageQuota } from "../storage-quota/storage-quota.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import type { ClipsRepository } from "./clips.repository.ts";
import { ClipFromUpload, type ClipFromUploadOptions } from "./clip-from-upload.ts";
import { UploadSpace } from "./upload-space.ts";
import { UploadLeases, WritesInFlight, type UploadObserver } from "./upload-writes.ts";
import type { UploadRow, UploadsRepository } from "./uploads.repository.ts";

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

export interface UploadsServiceOptions extends ClipFromUploadOptions {
  maxBytes: number;
  quota: StorageQuota;
  observer?: UploadObserver;
}

/**
 * Resumable uploads that become clips. The database row is the truth about confirmed bytes, so an
 * upload started on one instance continues on any other sharing the database and the storage.
 */
export class UploadsService {
  private readonly uploads: UploadsRepository;
  private readonly storage: MediaStorage;
  private readonly clips: ClipsRepository;
  private readonly shows: ShowsRepository;
  private readonly shots: ShotsRepository;
  readonly maxBytes: number;
  private readonly quota: StorageQuota;
  /** Requests writing bytes right now, so a shutdown can wait for them to save their offset. */
  private readonly writes: WritesInFlight;
  private readonly leases: UploadLeases;
  private readonly space: UploadSpace;
  /** The last step: the finished bytes checked and made into the camper's clip. */
  private readonly clipMaker: ClipFromUpload;

  constructor(options: UploadsServiceOptions) {
    this.uploads = options.uploads;
    this.storage = options.storage;
    this.clips = options.clips;
    this.shows = options.shows;
    this.shots = options.shots;
    this.maxBytes = options.maxBytes;
    this.quota = options.quota;
    this.writes = new WritesInFlight(options.observer);
    this.leases = new UploadLeases(options.uploads);
    this.space = new UploadSpace(options.quota, options.maxBytes);
    this.clipMaker = new ClipFromUpload(options);
  }

  async create(
    userId: number,
    input: { title: string; showId: number | null; shotId?: number | null; length: number | null; begunMsAgo?: number; draftKey?: string | null },
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
    const values = {
      id,
      userId,
      showId,
      shotId: shot?.id ?? null,
      title: input.title,
      length: input.length,
      storageKey: `users/${userId}/uploads/${id}`,
      // No show named: the clip joins its story's show if the story is saved by the time the clip is made
      // (ClipFromUpload.storyShow, the one place that rule lives).
      draftKey: showId === null ? (input.draftKey ?? null) : null,
    };
    // Before any byte is written: room for the whole declared length (at least a byte when deferred).
    // The row holds that length from here on; a deferred one holds its bytes as they arrive.
    const { openUploads } = this.quota.limits;
    await this.quota.admit(userId, async (tx, usage) => {
      if (usage.open >= openUploads) throw new HttpError(429, CLIP_MESSAGES.tooManyUploads(openUploads));
      if (usage.bytes + (input.length ?? 1) > this.quota.limits.storedBytes) throw this.quota.full();
      await this.uploads.insert(tx, values, input.begunMsAgo ?? 0);
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
    return this.writes.whileInFlight(() => this.appendNow(userId, id, offset, length, body, bodyBytes));
  }

  private async appendNow(userId: number, id: string, offset: number, length: number | null, body: Readable, bodyBytes: number | null): Promise<UploadState> {
    let row = await this.find(userId, id);
    if (row.status === "failed") throw unprocessable(row.failure ?? CLIP_MESSAGES.unreadable);
    if (row.status === "done") return { offset: row.offset, length: row.length, clipId: row.clipId };
    if (length !== null) {
      if (row.length !== null && row.length !== length) throw badRequest("Upload-Length cannot change");
      if (length > this.maxBytes) return this.clipMaker.refuse(row, 413, CLIP_MESSAGES.tooLarge(this.maxBytes));
      if (length < offset) throw badRequest("Upload-Length is smaller than the bytes already sent");
    }
    const lease = await this.leases.hold(row);
    try {
      row = await this.reconcile(row);
      if (row.offset !== offset) throw conflict(CLIP_MESSAGES.wrongOffset);
      const declared = length ?? row.length;
      const space = await this.space.forPatch(row, offset, length, bodyBytes);
      // Videos and photos by their first bytes (the client's filetype is only a hint); a photo has its own, smaller limit.
      const guard = new UploadGuard(offset, declared ?? this.maxBytes, {
        accepts: (head) => sniffClipUpload(head) !== undefined,
        room: space,
        limitFor: (head) => (sniffClipUpload(head)?.kind === "photo" ? { maxTotal: PHOTO_LIMITS.maxBytes, declared } : undefined),
      });
      try {
        let written = 0;
        try {
          const key = row.storageKey;
          written = await this.writes.track(
            () => this.storage.writeAt(key, offset, body, guard, { expectedTotal: declared }),
            (result, error) => result ?? (error as { bytesWritten?: number }).bytesWritten ?? 0,
          );
        } catch (error) {
          if (error instanceof NotVideoError) return await this.clipMaker.refuse(row, 415, CLIP_MESSAGES.notVideo);
          // Bytes past the camper's space: the upload goes, and with it the space its bytes took.
          if (error instanceof StorageFullError) return await this.clipMaker.refuse(row, 413, this.quota.full().message);
          if (error instanceof TooLargeError) return await this.clipMaker.refuse(row, 413, error.photo ? CLIP_MESSAGES.photoTooLarge : CLIP_MESSAGES.tooLarge(this.maxBytes));
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
        const clip = await this.clipMaker.finish(row);
        return { offset: row.offset, length: row.length, clipId: clip.id };
      }
      return { offset: row.offset, length: row.length, clipId: null };
    } finally {
      await lease.release();
    }
  }

  /**
   * Waits (at most `timeoutMs`) for uploads in progress to finish or, their connection cut, to save
   * the bytes that arrived and release their lock: the client then resumes on another instance.
   */
  drain(timeoutMs: number): Promise<void> {
    return this.writes.drain(timeoutMs);
  }

  /**
   * tus termination. A PATCH streaming into the upload holds its lock, so the DELETE is refused with
   * 423 (the client retries once the PATCH ends) instead of pulling the file from under the writer.
   */
  async terminate(userId: number, id: string): Promise<void> {
    const row = await this.find(userId, id);
    await this.leases.lock(row);
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
    return this.writes.whileInFlight(() => this.ingestNow(userId, input, file));
  }

  private async ingestNow(userId: number, input: IngestInput, file: Readable) {
    if (input.showId !== null && !(await this.ownsShow(userId, input.showId))) throw notFound(SHOW_MESSAGES.notFound);
    const id = await this.create(userId, { title: input.title, showId: input.showId, length: null });
    const row = await this.find(userId, id);
    const room = this.quota.limits.storedBytes - (await this.quota.usage(userId)).bytes;
    // A body (file and form fields) far beyond the space left cannot fit: refused before writing.
    if (input.bodyBytes !== null && input.bodyBytes > room + MULTIPART_OVERHEAD_BYTES) {
      await this.terminate(userId, id);
      throw this.quota.full();
    }
    const space = this.quota.reservation(userId, id, 0, this.maxBytes);
    const guard = new UploadGuard(0, this.maxBytes, { room: space });
    let written: number;
    try {
      written = await this.writes.track(
        () => this.storage.writeAt(row.storageKey, 0, file, guard),
        (result) => result ?? 0,
      );
    } catch (error) {
      await this.discard(userId, id, space);
      if (error instanceof NotVideoError) throw unsupportedMediaType(CLIP_MESSAGES.notVideo);
      if (error instanceof StorageFullError) throw this.quota.full();
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
      return await this.clipMaker.finish(done, { transcription: input.transcription, newShow: input.showId === null });
    } catch (error) {
      await this.terminate(userId, id).catch(() => undefined);
      throw error;
    }
  }

  private saveProgress(row: UploadRow, offset: number, length: number | null): Promise<UploadRow> {
    return this.uploads.saveProgress(row.id, offset, length);
  }

  /** Takes the stored byte count as the offset when they differ (what a crashed writer left). */
  private async reconcile(row: UploadRow): Promise<UploadRow> {
    const stored = (await this.storage.size(row.storageKey)) ?? 0;
    return stored === row.offset ? row : this.saveProgress(row, stored, null);
  }

  /** Removes an upload and its bytes, then the space held for them (never before the bytes are gone). */
  private async discard(userId: number, id: string, space: Reservation): Promise<void> {
    try {
      await this.terminate(userId, id);
    } finally {
      await space.release();
    }
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
