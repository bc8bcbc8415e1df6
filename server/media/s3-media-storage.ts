import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Writable, type Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Settings } from "../config.ts";
import { assertSafeKey, type MediaStorage } from "./media-storage.ts";
import { Slots } from "../slots.ts";

/** S3's smallest part; every part but the last must be at least this big. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

interface PartRecord {
  number: number;
  size: number;
  etag: string;
  key: string;
}

/**
 * What an unsealed key has so far, all of it in the bucket so any instance can continue:
 * `<key>.parts/upload-<id>` names the multipart upload, `part-<n>-<size>-<etag>` records each
 * uploaded part, and `tail-<n>` holds bytes that do not yet fill part n. Every name carries its
 * facts, so one LIST reads the whole state; a tail whose number is not the next part's is stale.
 */
interface WriteState {
  uploadId?: string;
  parts: PartRecord[];
  tail?: { number: number; size: number; key: string };
  /** Every state object, for clean-up. */
  keys: string[];
}

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
const unhex = (text: string) => Buffer.from(text, "hex").toString("utf8");
const pad = (n: number) => String(n).padStart(5, "0");

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2). Resumable uploads go straight into an S3
 * multipart upload: each writeAt fills parts of `partSizeBytes` and keeps the unfinished rest as a
 * small tail object, so no instance's disk or memory holds an upload between requests and the next
 * request may land on any instance. Memory per write in progress is at most one part, and at most
 * `uploadBuffers` writes run at once per instance (the rest wait, their bytes held back by TCP): 300
 * campers uploading at once took 1.2 GiB per web instance before this bound.
 */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly buffers: Slots;

  /** Working copies for ffmpeg go here (DATA_DIR/tmp in the app), where the leftover sweep finds them. */
  readonly scratchDirs: readonly string[];

  constructor(settings: S3Settings, private readonly tmpDir = tmpdir()) {
    this.scratchDirs = tmpDir === tmpdir() ? [] : [tmpDir];
    this.bucket = settings.bucket;
    this.partSize = Math.max(MIN_PART_BYTES, settings.partSizeBytes);
    this.buffers = new Slots(settings.uploadBuffers);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Streamed bodies have no length known up front to checksum; S3-compatible servers differ in
      // the newer default checksums, so send them only where the API requires them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private stateKey(key: string, name = ""): string {
    return `${key}.parts/${name}`;
  }

  async list(prefix: string): Promise<{ key: string; size: number; modifiedAt: Date }[]> {
    const out: { key: string; size: number; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) out.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date() });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  private async loadState(key: string): Promise<WriteState> {
    const state: WriteState = { parts: [], keys: [] };
    const tails: { number: number; size: number; key: string }[] = [];
    const parts: PartRecord[] = [];
    for (const item of await this.list(this.stateKey(key))) {
      state.keys.push(item.key);
      const name = item.key.slice(this.stateKey(key).length);
      let match: RegExpExecArray | null;
      if ((match = /^upload-([0-9a-f]+)$/.exec(name))) state.uploadId = unhex(match[1]!);
      else if ((match = /^part-(\d+)-(\d+)-([0-9a-f]+)$/.exec(name)))
        parts.push({ number: Number(match[1]), size: Number(match[2]), etag: unhex(match[3]!), key: item.key });
      else if ((match = /^tail-(\d+)$/.exec(name))) tails.push({ number: Number(match[1]), size: item.size, key: item.key });
    }
    parts.sort((a, b) => a.number - b.number);
    // Only an unbroken run from part 1 counts; a record past a gap is left from a rewind.
    for (const part of parts) {
      if (part.number !== state.parts.length + 1) break;
      state.parts.push(part);
    }
    state.tail = tails.find((t) => t.number === state.parts.length + 1);
    return state;
  }

  private static stored(state: WriteState): number {
    return state.parts.reduce((sum, p) => sum + p.size, 0) + (state.tail?.size ?? 0);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 1) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: batch[0] }));
        continue;
      }
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  /** Drops an unsealed key's multipart upload and state objects. */
  private async dropState(state: WriteState, key: string): Promise<void> {
    if (state.uploadId) {
      try {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: state.uploadId }));
      } catch {
        // Already completed or aborted, or a server without abort: its parts expire with the bucket's rules.
      }
    }
    await this.deleteKeys(state.keys);
  }

  private async getBuffer(key: string): Promise<Buffer> {
    const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await response.Body!.transformToByteArray());
  }

  async writeAt(key: string, offset: number, source: Readable, through?: Transform): Promise<number> {
    assertSafeKey(key);
    await this.buffers.acquire();
    try {
      return await this.writeWithSlot(key, offset, source, through);
    } finally {
      this.buffers.release();
    }
  }

  private async writeWithSlot(key: string, offset: number, source: Readable, through?: Transform): Promise<number> {
    let state = await this.loadState(key);
    if (offset === 0) {
      await this.delete(key);
      state = { parts: [], keys: [] };
    }
    const stored = S3MediaStorage.stored(state);
    const partsBytes = state.parts.reduce((sum, p) => sum + p.size, 0);
    if (offset > stored) throw new Error(`cannot write ${key} at ${offset}: only ${stored} bytes are stored`);

    // The bytes of the part being filled: what the tail holds up to `offset`.
    let pending: Buffer[] = [];
    if (offset < partsBytes) {
      // Rewinding into uploaded parts works only at a part boundary (their bytes cannot be read back).
      let end = 0;
      const keep: PartRecord[] = [];
      for (const part of state.parts) {
        if (end + part.size > offset) break;
        keep.push(part);
        end += part.size;
      }
      if (end !== offset) throw new Error(`cannot rewind ${key} to ${offset}: it is inside an uploaded part`);
      await this.deleteKeys(state.parts.filter((p) => !keep.includes(p)).map((p) => p.key).concat(state.tail ? [state.tail.key] : []));
      state.parts = keep;
      state.tail = undefined;
    } else if (state.tail && offset > partsBytes) {
      pending = [(await this.getBuffer(state.tail.key)).subarray(0, offset - partsBytes)];
    }
    const previousTail = state.tail;
    let pendingBytes = pending.reduce((sum, b) => sum + b.length, 0);
    let written = 0;
    let durable = offset - pendingBytes;

    const uploadPart = async (body: Buffer) => {
      if (!state.uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
        state.uploadId = created.UploadId!;
        const marker = this.stateKey(key, `upload-${hex(state.uploadId)}`);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: marker, Body: "", ContentLength: 0 }));
      }
      const number = state.parts.length + 1;
      const result = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: state.uploadId,
          PartNumber: number,
          Body: body,
          ContentLength: body.length,
        }),
      );
      const record = this.stateKey(key, `part-${pad(number)}-${body.length}-${hex(result.ETag ?? "")}`);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: record, Body: "", ContentLength: 0 }));
      state.parts.push({ number, size: body.length, etag: result.ETag ?? "", key: record });
      durable += body.length;
    };

    const partSize = this.partSize;
    // A part still being sent when the source fails must settle before the tail is kept, or the
    // tail would be numbered before that part and its bytes lost.
    let partInFlight: Promise<unknown> = Promise.resolve();
    const sink = new Writable({
      highWaterMark: 1024 * 1024,
      write(chunk: Buffer, _encoding, done) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        written += chunk.length;
        if (pendingBytes < partSize) return done();
        const sending = (async () => {
          while (pendingBytes >= partSize) {
            const body = Buffer.concat(pending);
            const rest = body.subarray(partSize);
            await uploadPart(body.subarray(0, partSize));
            pending = rest.length ? [rest] : [];
            pendingBytes = rest.length;
          }
        })();
        partInFlight = sending.catch(() => undefined);
        sending.then(() => done(), done);
      },
    });

    // Whatever arrived and did not fill a part is kept as the tail, after a failure too.
    const keepTail = async () => {
      const number = state.parts.length + 1;
      const tailKey = this.stateKey(key, `tail-${pad(number)}`);
      if (pendingBytes > 0) {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: tailKey, Body: Buffer.concat(pending), ContentLength: pendingBytes }),
        );
        durable += pendingBytes;
      } else if (previousTail?.key === tailKey) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tailKey }));
      }
      if (previousTail && previousTail.key !== tailKey) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: previousTail.key }));
      }
    };

    try {
      await (through ? pipeline(source, through, sink) : pipeline(source, sink));
    } catch (error) {
      await partInFlight;
      await keepTail().catch(() => undefined);
      (error as { bytesWritten?: number }).bytesWritten = Math.max(0, durable - offset);
      throw error;
    }
    await keepTail();
    return written;
  }

  async seal(key: string): Promise<void> {
    assertSafeKey(key);
    const state = await this.loadState(key);
    if (state.keys.length === 0) {
      if ((await this.size(key)) === undefined) await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: "", ContentLength: 0 }));
      return;
    }
    // A seal that completed before its clean-up: the object is there already.
    if (await this.objectSize(key).then((s) => s !== undefined)) return this.deleteKeys(state.keys);
    if (!state.uploadId || state.parts.length === 0) {
      if (state.tail) {
        await this.client.send(
          new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${encodeURI(state.tail.key)}` }),
        );
      } else {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: "", ContentLength: 0 }));
      }
      await this.dropState(state, key);
      return;
    }
    const parts = state.parts.map((p) => ({ PartNumber: p.number, ETag: p.etag }));
    if (state.tail) {
      // The last part may be smaller than the minimum.
      const body = await this.getBuffer(state.tail.key);
      const number = state.parts.length + 1;
      const result = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: state.uploadId, PartNumber: number, Body: body, ContentLength: body.length }),
      );
      parts.push({ PartNumber: number, ETag: result.ETag ?? "" });
    }
    await this.client.send(
      new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: state.uploadId, MultipartUpload: { Parts: parts } }),
    );
    await this.deleteKeys(state.keys);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    assertSafeKey(key);
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      .then((response) => pipeline(response.Body as Readable, out))
      .catch((error: Error) => out.destroy(error));
    return out;
  }

  private async objectSize(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    assertSafeKey(key);
    const sealed = await this.objectSize(key);
    if (sealed !== undefined) return sealed;
    const state = await this.loadState(key);
    return state.keys.length ? S3MediaStorage.stored(state) : undefined;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    const state = await this.loadState(key);
    if (state.keys.length) await this.dropState(state, key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const trimmed = prefix.replace(/\/+$/, "");
    assertSafeKey(trimmed);
    const items = await this.list(`${trimmed}/`);
    // Unfinished multipart uploads hold parts that no listing shows: abort them first.
    for (const item of items) {
      const match = /^(.*)\.parts\/upload-([0-9a-f]+)$/.exec(item.key);
      if (!match) continue;
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: match[1], UploadId: unhex(match[2]!) }))
        .catch(() => undefined);
    }
    await this.deleteKeys(items.map((i) => i.key));
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    assertSafeKey(key);
    const folder = await mkdtemp(path.join(await this.scratch(), "s3-"));
    try {
      const file = path.join(folder, path.basename(key));
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
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
      if (size <= this.partSize) {
        // Streamed from the file with its length known: nothing is held in memory.
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size }));
        return result;
      }
      // lib-storage turns big files (finished videos) into a multipart upload of its own, holding
      // queueSize parts in memory: it takes one of the instance's write slots like an upload does.
      await this.buffers.acquire();
      try {
        await new Upload({
          client: this.client,
          params: { Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size },
          partSize: this.partSize,
          queueSize: 2,
        }).done();
      } finally {
        this.buffers.release();
      }
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
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      if (e.$metadata?.httpStatusCode === 404) throw new Error(`S3 bucket ${this.bucket} does not exist`);
      if (e.$metadata?.httpStatusCode === 403) throw new Error(`S3 bucket ${this.bucket} refuses our credentials`);
      throw new Error(`S3 storage unreachable: ${e.message || e.name || "unknown error"}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
