import { Transform, type TransformCallback } from "node:stream";
import type { VideoContainer } from "./video-tools.ts";

/** The container the first bytes announce: EBML (WebM/Matroska) or an ISO-BMFF `ftyp` box (MP4). */
export function sniffContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (head.length >= 8 && head.toString("latin1", 4, 8) === "ftyp") return "mp4";
  return undefined;
}

export class NotVideoError extends Error {}
export class TooLargeError extends Error {}

/**
 * Passes bytes through, refusing the stream as soon as its first bytes are not a video container
 * (when it starts a file) or it would grow the file past `maxTotal`.
 */
export class UploadGuard extends Transform {
  private head = Buffer.alloc(0);
  private checked: boolean;
  private total: number;
  container: VideoContainer | undefined;

  constructor(
    startOffset: number,
    private readonly maxTotal: number,
  ) {
    super();
    this.checked = startOffset > 0;
    this.total = startOffset;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > this.maxTotal) return done(new TooLargeError());
    if (this.checked) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 8) return done();
    return this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.checked || this.head.length === 0) return done();
    this.release(done);
  }

  private release(done: TransformCallback) {
    this.container = sniffContainer(this.head);
    if (!this.container) return done(new NotVideoError());
    this.checked = true;
    const head = this.head;
    this.head = Buffer.alloc(0);
    done(null, head);
  }
}
