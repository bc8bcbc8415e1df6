import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { CLIP_MESSAGES, type Clip } from "../../../contracts/clips.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { NotVideoError, TooLargeError, UploadGuard, sniffContainer } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { probeDuration, remux, type VideoToolPaths } from "../../media/video-tools.ts";
import { toClip, type ClipsRepository } from "./clips.repository.ts";

type UploadRow = typeof schema.uploads.$inferSelect;
const u = schema.uploads;

/** How long one writer may hold an upload before another may take over (a crashed instance). */
const LOCK_SECONDS = 120;

export interface UploadState {
  offset: number;
  length: number | null;
  clipId: number | null;
}

/**
 * Resumable uploads that become clips. The database row is the truth about confirmed bytes, so an
 * upload started on one instance continues on any other sharing the database and the storage.
 */
export class UploadsService {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly clips: ClipsRepository,
    private readonly tools: VideoToolPaths,
    readonly maxBytes: number,
  ) {}

  async create(
    userId: number,
    input: { title: string; showId: number | null; length: number | null },
  ): Promise<string> {
    if (input.length !== null && input.length > this.maxBytes) throw new HttpError(413, CLIP_MESSAGES.tooLarge(this.maxBytes));
    const showId = input.showId !== null && (await this.ownsShow(userId, input.showId)) ? input.showId : null;
    const id = randomUUID();
    await this.db.insert(u).values({
      id,
      userId,
      showId,
      title: input.title,
      length: input.length,
      storageKey: `users/${userId}/uploads/${id}`,
    });
    return id;
  }

  async state(userId: number, id: string): Promise<UploadState> {
    const row = await this.find(userId, id);
    if (row.status === "failed") throw new HttpError(422, row.failure ?? CLIP_MESSAGES.unreadable);
    return { offset: row.offset, length: row.length, clipId: row.clipId };
  }

  /** Appends a PATCH body at `offset`; finishes the clip when the last byte is in. */
  async append(userId: number, id: string, offset: number, length: number | null, body: Readable): Promise<UploadState> {
    let row = await this.find(userId, id);
    if (row.status === "failed") throw new HttpError(422, row.failure ?? CLIP_MESSAGES.unreadable);
    if (row.status === "done") return { offset: row.offset, length: row.length, clipId: row.clipId };
    if (length !== null) {
      if (row.length !== null && row.length !== length) throw new HttpError(400, "Upload-Length cannot change");
      if (length > this.maxBytes) return this.refuse(row, 413, CLIP_MESSAGES.tooLarge(this.maxBytes));
      if (length < offset) throw new HttpError(400, "Upload-Length is smaller than the bytes already sent");
    }
    if (row.offset !== offset) throw new HttpError(409, CLIP_MESSAGES.wrongOffset);
    await this.lock(row);
    try {
      const guard = new UploadGuard(offset, length ?? row.length ?? this.maxBytes);
      let written = 0;
      try {
        written = await this.storage.writeAt(row.storageKey, offset, body, guard);
      } catch (error) {
        if (error instanceof NotVideoError) return await this.refuse(row, 415, CLIP_MESSAGES.notVideo);
        if (error instanceof TooLargeError) return await this.refuse(row, 413, CLIP_MESSAGES.tooLarge(this.maxBytes));
        // The client went away mid-body: keep what arrived, so it resumes from there.
        written = (error as { bytesWritten?: number }).bytesWritten ?? 0;
        await this.saveProgress(row, offset + written, length);
        throw error;
      }
      row = await this.saveProgress(row, offset + written, length);
      if (row.length !== null && row.offset === row.length) {
        const clip = await this.finish(row);
        return { offset: row.offset, length: row.length, clipId: clip.id };
      }
      return { offset: row.offset, length: row.length, clipId: null };
    } finally {
      await this.db.update(u).set({ lockedUntil: null }).where(eq(u.id, row.id));
    }
  }

  async terminate(userId: number, id: string): Promise<void> {
    const row = await this.find(userId, id);
    await this.storage.delete(row.storageKey);
    await this.db.delete(u).where(eq(u.id, row.id));
  }

  /** A whole file in one request (the spec's multipart POST /api/recordings). */
  async ingest(userId: number, input: { title: string; showId: number | null; transcription: string | null }, file: Readable) {
    const id = await this.create(userId, { title: input.title, showId: input.showId, length: null });
    const row = await this.find(userId, id);
    const guard = new UploadGuard(0, this.maxBytes);
    let written: number;
    try {
      written = await this.storage.writeAt(row.storageKey, 0, file, guard);
    } catch (error) {
      await this.terminate(userId, id);
      if (error instanceof NotVideoError) throw new HttpError(415, CLIP_MESSAGES.notVideo);
      if (error instanceof TooLargeError) throw new HttpError(413, CLIP_MESSAGES.tooLarge(this.maxBytes));
      throw error;
    }
    if (written === 0) {
      await this.terminate(userId, id);
      throw new HttpError(400, "The video file is empty");
    }
    const done = await this.saveProgress(row, written, written);
    const clip = await this.finish(done);
    if (input.transcription) {
      const updated = await this.clips.update(userId, clip.id, { transcription: input.transcription });
      return toClip(updated!);
    }
    return clip;
  }

  private async finish(row: UploadRow): Promise<Clip> {
    const container = await this.storage.withLocalFile(row.storageKey, async (file) => {
      const handle = await open(file, "r");
      try {
        const head = Buffer.alloc(12);
        await handle.read(head, 0, 12, 0);
        return sniffContainer(head);
      } finally {
        await handle.close();
      }
    });
    if (!container) {
      await this.refuse(row, 415, CLIP_MESSAGES.notVideo);
    }
    const sha256 = await this.storage.withLocalFile(row.storageKey, (file) => sha256Of(file));
    const clipKey = `users/${row.userId}/clips/${randomUUID()}.${container}`;
    let durationSeconds: number;
    try {
      durationSeconds = await this.storage.withLocalFile(row.storageKey, (input) =>
        this.storage.withNewLocalFile(clipKey, async (output) => {
          await remux(this.tools, input, output, container!);
          return probeDuration(this.tools, output);
        }),
      );
    } catch {
      await this.storage.delete(clipKey);
      return this.refuse(row, 422, CLIP_MESSAGES.unreadable);
    }
    const sizeBytes = (await this.storage.size(clipKey)) ?? 0;
    const clipRow = await this.clips.create({
      userId: row.userId,
      showId: row.showId,
      title: row.title,
      mimeType: container === "mp4" ? "video/mp4" : "video/webm",
      storageKey: clipKey,
      sizeBytes,
      uploadedBytes: row.offset,
      uploadSha256: sha256,
      durationSeconds,
    });
    await this.db.update(u).set({ status: "done", clipId: clipRow.id, updatedAt: sql`now()` }).where(eq(u.id, row.id));
    await this.storage.delete(row.storageKey);
    return toClip(clipRow);
  }

  /** Refuses the upload for good: its bytes go, the row remembers why (so a retry hears the same). */
  private async refuse(row: UploadRow, status: 413 | 415 | 422, message: string): Promise<never> {
    await this.storage.delete(row.storageKey);
    await this.db.update(u).set({ status: "failed", failure: message, updatedAt: sql`now()` }).where(eq(u.id, row.id));
    throw new HttpError(status, message);
  }

  private async saveProgress(row: UploadRow, offset: number, length: number | null): Promise<UploadRow> {
    const [updated] = await this.db
      .update(u)
      .set({ offset, ...(length !== null ? { length } : {}), updatedAt: sql`now()` })
      .where(eq(u.id, row.id))
      .returning();
    return updated!;
  }

  private async lock(row: UploadRow): Promise<void> {
    const [locked] = await this.db
      .update(u)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
      .where(and(eq(u.id, row.id), sql`(${u.lockedUntil} IS NULL OR ${u.lockedUntil} < now())`))
      .returning({ id: u.id });
    if (!locked) throw new HttpError(423, CLIP_MESSAGES.busy);
  }

  private async find(userId: number, id: string): Promise<UploadRow> {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound(CLIP_MESSAGES.uploadNotFound);
    const [row] = await this.db.select().from(u).where(and(eq(u.id, id), eq(u.userId, userId)));
    if (!row) throw notFound(CLIP_MESSAGES.uploadNotFound);
    return row;
  }

  private async ownsShow(userId: number, showId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: schema.recordings.id })
      .from(schema.recordings)
      .where(and(eq(schema.recordings.id, showId), eq(schema.recordings.userId, userId)));
    return Boolean(row);
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
