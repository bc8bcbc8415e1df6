import { randomUUID } from "node:crypto";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { Writable, type Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CompleteMultipartUploadCommand, CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, UploadPartCommand } from "@aws-sdk/client-s3";
import { assertSafeKey, type WriteOptions } from "./media-storage.ts";
import type { S3Bucket } from "./s3-bucket.ts";
import { pad, partsBytes, stateKey, storedBytes, type PartRecord, type WriteState } from "./s3-write-state.ts";

/** Whole parts a write may have spooled and not yet sent before it stops reading its body. */
const SPOOL_PARTS_AHEAD = 4;

/*
 * Resumable writes into a bucket (S3MediaStorage.writeAt and seal): each write spools its body to a
 * scratch file, sends every full part from that file while the body still arrives, and keeps the
 * unfinished rest as a small tail object, so the next request may land on any instance.
 */

/**
 * With `expectedTotal`, a write that brings the key to that many bytes stores the finished object
 * itself (one PutObject, or the multipart upload completed), so seal() finds nothing left to do.
 */
export async function writeAtS3(
  bucket: S3Bucket,
  scratch: string,
  key: string,
  offset: number,
  source: Readable,
  through?: Transform,
  options: WriteOptions = {},
): Promise<number> {
  assertSafeKey(key);
  let state = await bucket.loadState(key);
  if (offset === 0) {
    // A new object: the listing just read says what to clear, so no second one is needed.
    await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: key }));
    if (state.keys.length) await bucket.dropState(state, key);
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
    await bucket.deleteKeys(state.parts.filter((p) => !keep.includes(p)).map((p) => p.key).concat(state.tail ? [state.tail.key] : []));
    state.parts = keep;
    state.tail = undefined;
  } else if (state.tail) {
    carried = offset - partsBytes(state);
  }

  const spool = path.join(scratch, `s3-spool-${randomUUID()}`);
  try {
    return await writeSpooled(bucket, key, offset, state, { spool, carried }, source, through, options.expectedTotal ?? null);
  } finally {
    await rm(spool, { force: true });
  }
}

async function writeSpooled(
  bucket: S3Bucket,
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
      const response = await bucket.client.send(
        new GetObjectCommand({ Bucket: bucket.name, Key: previousTail.key, Range: `bytes=0-${carried - 1}` }),
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

  const partSize = bucket.partSize;
  let sending: Promise<void> | undefined;
  let sendError: unknown;
  // One part in flight per write, sent from the spool while the body keeps arriving.
  const sendDue = () => {
    if (sending || sendError || spooled - sent < partSize) return;
    sending = bucket.uploadPartFrom(key, state, spool, sent, partSize).then(
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
      await bucket.putFrom(key, spool, 0, spooled);
      await bucket.dropState(state, key);
      return;
    }
    while (spooled - sent >= partSize) await bucket.uploadPartFrom(key, state, spool, sent, partSize).then(() => (sent += partSize));
    if (spooled > sent) await bucket.uploadPartFrom(key, state, spool, sent, spooled - sent);
    await bucket.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket.name,
        Key: key,
        UploadId: state.uploadId,
        MultipartUpload: { Parts: state.parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
      }),
    );
    await bucket.deleteKeys(state.keys);
  };
  // Whatever arrived and is not in a part is kept as the tail, after a failure too.
  const keepTail = async (sendParts: boolean) => {
    while (sendParts && spooled - sent >= partSize) {
      await bucket.uploadPartFrom(key, state, spool, sent, partSize);
      sent += partSize;
      durable += partSize;
    }
    const tailKey = stateKey(key, `tail-${pad(state.parts.length + 1)}`);
    if (spooled > sent) {
      await bucket.putFrom(tailKey, spool, sent, spooled - sent);
      durable += spooled - sent;
    } else if (previousTail?.key === tailKey) {
      await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: tailKey }));
    }
    if (previousTail && previousTail.key !== tailKey) {
      await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: previousTail.key }));
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

export async function sealS3(bucket: S3Bucket, key: string): Promise<void> {
  assertSafeKey(key);
  const state = await bucket.loadState(key);
  if (state.keys.length === 0) {
    if ((await bucket.objectSize(key)) === undefined) await bucket.client.send(new PutObjectCommand({ Bucket: bucket.name, Key: key, Body: "", ContentLength: 0 }));
    return;
  }
  // A seal that completed before its clean-up: the object is there already.
  if (await bucket.objectSize(key).then((s) => s !== undefined)) return bucket.deleteKeys(state.keys);
  if (!state.uploadId || state.parts.length === 0) {
    if (state.tail) {
      await bucket.client.send(
        new CopyObjectCommand({ Bucket: bucket.name, Key: key, CopySource: `${bucket.name}/${encodeURI(state.tail.key)}` }),
      );
    } else {
      await bucket.client.send(new PutObjectCommand({ Bucket: bucket.name, Key: key, Body: "", ContentLength: 0 }));
    }
    await bucket.dropState(state, key);
    return;
  }

  const parts = state.parts.map((p) => ({ PartNumber: p.number, ETag: p.etag }));
  if (state.tail) {
    // The last part may be smaller than the minimum; streamed from the tail object, never held whole.
    const tail = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: state.tail.key }));
    const number = state.parts.length + 1;
    const result = await bucket.client.send(
      new UploadPartCommand({ Bucket: bucket.name, Key: key, UploadId: state.uploadId, PartNumber: number, Body: tail.Body as Readable, ContentLength: state.tail.size }),
    );
    parts.push({ PartNumber: number, ETag: result.ETag ?? "" });
  }

  await bucket.client.send(
    new CompleteMultipartUploadCommand({ Bucket: bucket.name, Key: key, UploadId: state.uploadId, MultipartUpload: { Parts: parts } }),
  );
  await bucket.deleteKeys(state.keys);
}
