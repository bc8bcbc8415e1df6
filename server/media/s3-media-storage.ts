import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, stat } from "node:fs/promises";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
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
import type { S3Settings } from "../config.ts";
import { assertSafeKey, type MediaStorage, type WriteOptions } from "./media-storage.ts";
import { Slots } from "../slots.ts";
import { putFileMultipart, sendFileRange } from "./s3-file-bodies.ts";
import { hex, pad, parseWriteState, partsBytes, stateKey, storedBytes, uploadOfMarker, type PartRecord, type WriteState } from "./s3-write-state.ts";

/** S3's smallest part; every part but the last must be at least this big. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Connections one instance keeps open to S3; past them, requests queue in the agent. */
const S3_SOCKETS = 64;

/** Whole parts a write may have spooled and not yet sent before it stops reading its body. */
const SPOOL_PARTS_AHEAD = 4;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2). Resumable uploads go straight into an S3
 * multipart upload: each writeAt spools its body to a scratch file, sends every full part
 * (`partSizeBytes`) from that file while the body still arrives, and keeps the unfinished rest as a
 * small tail object, so no instance's disk or memory holds an upload between requests and the next
 * request may land on any instance. Bodies are never collected in memory (whole clips held as Buffers
 * took about 1 GiB per web instance when a camp uploaded at once); at most `uploadBuffers` part
 * uploads run at once per instance, and all requests share one pool of keep-alive connections.
 */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  /** Part and whole-file uploads in flight at once (S3_UPLOAD_BUFFERS). */
  private readonly partSlots: Slots;

  /** Spools and working copies for ffmpeg go here (DATA_DIR/tmp in the app), where the leftover sweep finds them. */
  readonly scratchDirs: readonly string[];

  constructor(settings: S3Settings, private readonly tmpDir = tmpdir()) {
    this.scratchDirs = tmpDir === tmpdir() ? [] : [tmpDir];
    this.bucket = settings.bucket;
    this.partSize = Math.max(MIN_PART_BYTES, settings.partSizeBytes);
    this.partSlots = new Slots(settings.uploadBuffers);
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
      // Our own agents: without them the SDK opens a new, never reused connection for every body of
      // 2 MiB or more and waits for "100 Continue" before sending it.
      requestHandler: {
        httpAgent: new HttpAgent({ keepAlive: true, maxSockets: S3_SOCKETS }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: S3_SOCKETS }),
        connectionTimeout: 5_000,
        requestTimeout: 120_000,
      },
      expectContinueHeader: false,
    });
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
    return parseWriteState(key, await this.list(stateKey(key)));
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

  /** Bytes `start` .. `start + length` of `file` as the next part of `key`, recorded in the bucket. */
  private async uploadPartFrom(key: string, state: WriteState, file: string, start: number, length: number): Promise<void> {
    if (!state.uploadId) {
      const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
      state.uploadId = created.UploadId!;
      const marker = stateKey(key, `upload-${hex(state.uploadId)}`);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: marker, Body: "", ContentLength: 0 }));
      state.keys.push(marker);
    }
    const number = state.parts.length + 1;
    const uploadId = state.uploadId;
    const result = await this.partSlots.run(() =>
      sendFileRange(file, start, length, (Body) =>
        this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: number, Body, ContentLength: length })),
      ),
    );
    const record = stateKey(key, `part-${pad(number)}-${length}-${hex(result.ETag ?? "")}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: record, Body: "", ContentLength: 0 }));
    state.parts.push({ number, size: length, etag: result.ETag ?? "", key: record });
    state.keys.push(record);
  }

  /** Bytes `start` .. `start + length` of `file` as the whole object `key`. */
  private putFrom(key: string, file: string, start: number, length: number): Promise<unknown> {
    return this.partSlots.run(() =>
      sendFileRange(file, start, length, (Body) => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body, ContentLength: length }))),
    );
  }

  /**
   * With `expectedTotal`, a write that brings the key to that many bytes stores the finished object
   * itself (one PutObject, or the multipart upload completed), so seal() finds nothing left to do.
   */
  async writeAt(key: string, offset: number, source: Readable, through?: Transform, options: WriteOptions = {}): Promise<number> {
    assertSafeKey(key);
    let state = await this.loadState(key);
    if (offset === 0) {
      // A new object: the listing just read says what to clear, so no second one is needed.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      if (state.keys.length) await this.dropState(state, key);
      state = { parts: [], keys: [] };
    }
    const stored = storedBytes(state);
    if (offset > stored) throw new Error(`cannot write ${key} at ${offset}: only ${stored} bytes are stored`);
    let carried = 0;
    if (offset < partsBytes(state)) {
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
    } else if (state.tail) {
      carried = offset - partsBytes(state);
    }
    const spool = path.join(await this.scratch(), `s3-spool-${randomUUID()}`);
    try {
      return await this.writeSpooled(key, offset, state, { spool, carried }, source, through, options.expectedTotal ?? null);
    } finally {
      await rm(spool, { force: true });
    }
  }

  private async writeSpooled(
    key: string,
    offset: number,
    state: WriteState,
    { spool, carried }: { spool: string; carried: number },
    source: Readable,
    through: Transform | undefined,
    expectedTotal: number | null,
  ): Promise<number> {
    const handle = await open(spool, "w+");
    const previousTail = state.tail;
    // The spool holds the tail's first `carried` bytes (the part being filled), then the body.
    let spooled = 0;
    let sent = 0;
    let written = 0;
    let durable = offset - carried;
    try {
      if (previousTail && carried > 0) {
        const response = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: previousTail.key, Range: `bytes=0-${carried - 1}` }),
        );
        for await (const chunk of response.Body as Readable) {
          await handle.write(chunk as Buffer, 0, (chunk as Buffer).length, spooled);
          spooled += (chunk as Buffer).length;
        }
      }
    } catch (error) {
      await handle.close();
      throw error;
    }

    const partSize = this.partSize;
    let sending: Promise<void> | undefined;
    let sendError: unknown;
    // One part in flight per write, sent from the spool while the body keeps arriving.
    const sendDue = () => {
      if (sending || sendError || spooled - sent < partSize) return;
      sending = this.uploadPartFrom(key, state, spool, sent, partSize).then(
        () => {
          sent += partSize;
          durable += partSize;
          sending = undefined;
          sendDue();
        },
        (error: unknown) => {
          sendError = error;
          sending = undefined;
        },
      );
    };
    const settle = async () => {
      while (sending) await sending;
      if (sendError) throw sendError;
    };
    let fileWrite: Promise<unknown> = Promise.resolve();
    const sink = new Writable({
      highWaterMark: 256 * 1024,
      write(chunk: Buffer, _encoding, done) {
        if (sendError) return done(sendError as Error);
        fileWrite = handle.write(chunk, 0, chunk.length, spooled).then(() => {
          spooled += chunk.length;
          written += chunk.length;
          sendDue();
          // Past a few unsent parts (S3 slower than the camper), stop reading until one is sent.
          if (spooled - sent > SPOOL_PARTS_AHEAD * partSize) settle().then(() => done(), done);
          else done();
        }, done);
      },
    });

    const complete = async () => {
      await settle();
      if (state.parts.length === 0) {
        await this.putFrom(key, spool, 0, spooled);
        await this.dropState(state, key);
        return;
      }
      while (spooled - sent >= partSize) await this.uploadPartFrom(key, state, spool, sent, partSize).then(() => (sent += partSize));
      if (spooled > sent) await this.uploadPartFrom(key, state, spool, sent, spooled - sent);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: state.uploadId,
          MultipartUpload: { Parts: state.parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
        }),
      );
      await this.deleteKeys(state.keys);
    };
    // Whatever arrived and is not in a part is kept as the tail, after a failure too.
    const keepTail = async (sendParts: boolean) => {
      while (sendParts && spooled - sent >= partSize) {
        await this.uploadPartFrom(key, state, spool, sent, partSize);
        sent += partSize;
        durable += partSize;
      }
      const tailKey = stateKey(key, `tail-${pad(state.parts.length + 1)}`);
      if (spooled > sent) {
        await this.putFrom(tailKey, spool, sent, spooled - sent);
        durable += spooled - sent;
      } else if (previousTail?.key === tailKey) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tailKey }));
      }
      if (previousTail && previousTail.key !== tailKey) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: previousTail.key }));
      }
    };

    try {
      try {
        await (through ? pipeline(source, through, sink) : pipeline(source, sink));
      } catch (error) {
        // The chunk being spooled and the part being sent land before the count is read.
        await fileWrite.catch(() => undefined);
        await settle().catch(() => undefined);
        await keepTail(!sendError).catch(() => undefined);
        (error as { bytesWritten?: number }).bytesWritten = Math.max(0, durable - offset);
        throw error;
      }
      if (expectedTotal !== null && offset + written === expectedTotal) await complete();
      else {
        await settle();
        await keepTail(true);
      }
      return written;
    } finally {
      await handle.close();
    }
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
      // The last part may be smaller than the minimum; streamed from the tail object, never held whole.
      const tail = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: state.tail.key }));
      const number = state.parts.length + 1;
      const result = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: state.uploadId, PartNumber: number, Body: tail.Body as Readable, ContentLength: state.tail.size }),
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
    return state.keys.length ? storedBytes(state) : undefined;
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
      const upload = uploadOfMarker(item.key);
      if (!upload) continue;
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.key, UploadId: upload.uploadId }))
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
      // Streamed from the file with its length known: nothing is held in memory either way.
      if (size <= this.partSize) await this.putFrom(key, file, 0, size);
      else await putFileMultipart(this.client, { bucket: this.bucket, key, file, size, partSize: this.partSize }, this.partSlots);
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
