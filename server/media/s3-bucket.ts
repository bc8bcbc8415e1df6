import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.ts";
import { Slots } from "../slots.ts";
import { putFileMultipart, sendFileRange } from "./s3-file-bodies.ts";
import { hex, pad, parseWriteState, stateKey, type WriteState } from "./s3-write-state.ts";

/** S3's smallest part; every part but the last must be at least this big. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Connections one instance keeps open to S3; past them, requests queue in the agent. */
const S3_SOCKETS = 64;

export function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * One bucket and the calls every part of S3 storage makes on it: listing, deleting in batches, a write's
 * recorded state (its multipart upload, parts and tail, kept as empty objects beside the key), and bodies
 * sent from a file's byte range under the instance's part-upload slots.
 */
export class S3Bucket {
  readonly client: S3Client;
  readonly name: string;
  readonly partSize: number;
  /** Part and whole-file uploads in flight at once (S3_UPLOAD_BUFFERS). */
  private readonly partSlots: Slots;

  constructor(settings: S3Settings) {
    this.name = settings.bucket;
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
        new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) out.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date() });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async loadState(key: string): Promise<WriteState> {
    return parseWriteState(key, await this.list(stateKey(key)));
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 1) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: batch[0] }));
        continue;
      }
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.name, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  /** Drops an unsealed key's multipart upload and state objects. */
  async dropState(state: WriteState, key: string): Promise<void> {
    if (state.uploadId) {
      try {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.name, Key: key, UploadId: state.uploadId }));
      } catch {
        // Already completed or aborted, or a server without abort: its parts expire with the bucket's rules.
      }
    }
    await this.deleteKeys(state.keys);
  }

  /** Bytes `start` .. `start + length` of `file` as the next part of `key`, recorded in the bucket. */
  async uploadPartFrom(key: string, state: WriteState, file: string, start: number, length: number): Promise<void> {
    if (!state.uploadId) {
      const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.name, Key: key }));
      state.uploadId = created.UploadId!;
      const marker = stateKey(key, `upload-${hex(state.uploadId)}`);
      await this.client.send(new PutObjectCommand({ Bucket: this.name, Key: marker, Body: "", ContentLength: 0 }));
      state.keys.push(marker);
    }
    const number = state.parts.length + 1;
    const uploadId = state.uploadId;
    const result = await this.partSlots.run(() =>
      sendFileRange(file, start, length, (Body) =>
        this.client.send(new UploadPartCommand({ Bucket: this.name, Key: key, UploadId: uploadId, PartNumber: number, Body, ContentLength: length })),
      ),
    );
    const record = stateKey(key, `part-${pad(number)}-${length}-${hex(result.ETag ?? "")}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.name, Key: record, Body: "", ContentLength: 0 }));
    state.parts.push({ number, size: length, etag: result.ETag ?? "", key: record });
    state.keys.push(record);
  }

  /** Bytes `start` .. `start + length` of `file` as the whole object `key`. */
  putFrom(key: string, file: string, start: number, length: number): Promise<unknown> {
    return this.partSlots.run(() =>
      sendFileRange(file, start, length, (Body) => this.client.send(new PutObjectCommand({ Bucket: this.name, Key: key, Body, ContentLength: length }))),
    );
  }

  async objectSize(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** A whole local file as the object `key`, in parts when it is bigger than one. */
  async putFile(key: string, file: string, size: number): Promise<void> {
    if (size <= this.partSize) await this.putFrom(key, file, 0, size);
    else await putFileMultipart(this.client, { bucket: this.name, key, file, size, partSize: this.partSize }, this.partSlots);
  }
}
