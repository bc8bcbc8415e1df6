import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { Slots } from "../slots.ts";

const ATTEMPTS = 3;

/** A failure worth sending the same bytes again for: the connection, a timeout, or the server's 5xx. */
function retryable(error: unknown): boolean {
  const e = error as { $retryable?: unknown; code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.$retryable) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return ["ECONNRESET", "EPIPE", "ETIMEDOUT", "ECONNREFUSED", "TimeoutError", "RequestTimeout"].some((c) => e.code === c || e.name === c);
}

/**
 * Sends bytes `start` .. `start + length` of a local file as a request body, streamed from the file so
 * no part is ever held in memory. The SDK does not retry streamed bodies (it cannot rewind them), so
 * a retryable failure is sent again here with the range opened anew.
 */
export async function sendFileRange<T>(file: string, start: number, length: number, send: (body: Readable | string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const body = length === 0 ? "" : createReadStream(file, { start, end: start + length - 1 });
    try {
      return await send(body);
    } catch (error) {
      if (typeof body !== "string") body.destroy();
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
    }
  }
}

/**
 * A local file stored as a multipart upload, `partSize` at a time from file ranges, two parts at once,
 * each in one of the instance's part-upload `slots`. A failure aborts the upload.
 */
export async function putFileMultipart(
  client: S3Client,
  target: { bucket: string; key: string; file: string; size: number; partSize: number },
  slots: Slots,
): Promise<void> {
  const { bucket: Bucket, key: Key, file, size, partSize } = target;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  try {
    const count = Math.max(1, Math.ceil(size / partSize));
    const parts: { PartNumber: number; ETag: string }[] = [];
    let next = 0;
    const lane = async () => {
      while (next < count) {
        const index = next++;
        const start = index * partSize;
        const length = Math.min(partSize, size - start);
        const PartNumber = index + 1;
        const result = await slots.run(() =>
          sendFileRange(file, start, length, (Body) =>
            client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: length })),
          ),
        );
        parts[index] = { PartNumber, ETag: result.ETag ?? "" };
      }
    };
    await Promise.all([lane(), lane()]);
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
    throw error;
  }
}
