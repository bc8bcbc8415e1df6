import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, type Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, type S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.ts";
import { assertSafeKey, type MediaStorage, type WriteOptions } from "./media-storage.ts";
import { S3Bucket } from "./s3-bucket.ts";
import { sealS3, writeAtS3 } from "./s3-resumable-writes.ts";
import { storedBytes, uploadOfMarker } from "./s3-write-state.ts";

export { MIN_PART_BYTES } from "./s3-bucket.ts";

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2). Resumable uploads go straight into an S3
 * multipart upload: each writeAt spools its body to a scratch file, sends every full part
 * (`partSizeBytes`) from that file while the body still arrives, and keeps the unfinished rest as a
 * small tail object, so no instance's disk or memory holds an upload between requests and the next
 * request may land on any instance (s3-resumable-writes.ts). Bodies are never collected in memory (whole
 * clips held as Buffers took about 1 GiB per web instance when a camp uploaded at once); at most
 * `uploadBuffers` part uploads run at once per instance, and all requests share one pool of keep-alive
 * connections (s3-bucket.ts).
 */
export class S3MediaStorage implements MediaStorage {
  private readonly bucket: S3Bucket;

  /** Spools and working copies for ffmpeg go here (DATA_DIR/tmp in the app), where the leftover sweep finds them. */
  readonly scratchDirs: readonly string[];

  constructor(settings: S3Settings, private readonly tmpDir = tmpdir()) {
    this.scratchDirs = tmpDir === tmpdir() ? [] : [tmpDir];
    this.bucket = new S3Bucket(settings);
  }

  /** The SDK client (tests and the cluster bench look into the bucket through it). */
  get client(): S3Client {
    return this.bucket.client;
  }

  list(prefix: string): Promise<{ key: string; size: number; modifiedAt: Date }[]> {
    return this.bucket.list(prefix);
  }

  /**
   * With `expectedTotal`, a write that brings the key to that many bytes stores the finished object
   * itself (one PutObject, or the multipart upload completed), so seal() finds nothing left to do.
   */
  async writeAt(key: string, offset: number, source: Readable, through?: Transform, options: WriteOptions = {}): Promise<number> {
    return writeAtS3(this.bucket, await this.scratch(), key, offset, source, through, options);
  }

  seal(key: string): Promise<void> {
    return sealS3(this.bucket, key);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    assertSafeKey(key);
    const out = new PassThrough();
    this.bucket.client
      .send(new GetObjectCommand({ Bucket: this.bucket.name, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      .then((response) => pipeline(response.Body as Readable, out))
      .catch((error: Error) => out.destroy(error));
    return out;
  }

  async size(key: string): Promise<number | undefined> {
    assertSafeKey(key);
    const sealed = await this.bucket.objectSize(key);
    if (sealed !== undefined) return sealed;
    const state = await this.bucket.loadState(key);
    return state.keys.length ? storedBytes(state) : undefined;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.bucket.client.send(new DeleteObjectCommand({ Bucket: this.bucket.name, Key: key }));
    const state = await this.bucket.loadState(key);
    if (state.keys.length) await this.bucket.dropState(state, key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const trimmed = prefix.replace(/\/+$/, "");
    assertSafeKey(trimmed);
    const items = await this.bucket.list(`${trimmed}/`);
    // Unfinished multipart uploads hold parts that no listing shows: abort them first.
    for (const item of items) {
      const upload = uploadOfMarker(item.key);
      if (!upload) continue;
      await this.bucket.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket.name, Key: upload.key, UploadId: upload.uploadId }))
        .catch(() => undefined);
    }
    await this.bucket.deleteKeys(items.map((i) => i.key));
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    assertSafeKey(key);
    const folder = await mkdtemp(path.join(await this.scratch(), "s3-"));
    try {
      const file = path.join(folder, path.basename(key));
      const response = await this.bucket.client.send(new GetObjectCommand({ Bucket: this.bucket.name, Key: key }));
      await pipeline(response.Body as Readable, createWriteStream(file));
      return await use(file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async withNewLocalFile<T>(key: string, write: (path: string) => Promise<T>): Promise<T> {
    assertSafeKey(key);
    const folder = await mkdtemp(path.join(await this.scratch(), "s3-"));
    try {
      const file = path.join(folder, path.basename(key));
      const result = await write(file);
      const { size } = await stat(file);
      // Streamed from the file with its length known: nothing is held in memory either way.
      await this.bucket.putFile(key, file, size);
      return result;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private async scratch(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return this.tmpDir;
  }

  async ping(): Promise<void> {
    try {
      await this.bucket.client.send(new HeadBucketCommand({ Bucket: this.bucket.name }));
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      if (e.$metadata?.httpStatusCode === 404) throw new Error(`S3 bucket ${this.bucket.name} does not exist`);
      if (e.$metadata?.httpStatusCode === 403) throw new Error(`S3 bucket ${this.bucket.name} refuses our credentials`);
      throw new Error(`S3 storage unreachable: ${e.message || e.name || "unknown error"}`);
    }
  }

  close(): void {
    this.bucket.client.destroy();
  }
}
