import { Transform, type TransformCallback } from "node:stream";
import type { VideoContainer } from "./video-tools.ts";
import { HEIF_PHOTO_BRANDS } from "../../contracts/clips.ts";

/** The container the first bytes announce: EBML (WebM/Matroska) or an ISO-BMFF `ftyp` box (MP4). */
export function sniffContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (head.length >= 8 && head.toString("latin1", 4, 8) === "ftyp") return "mp4";
  return undefined;
}

export type PhotoFormat = "jpeg" | "png" | "heif";

/**
 * ISO-BMFF major brands of HEIF still images (HEIC from phones; mif1/msf1 the generic HEIF ones). MP4
 * starts with an `ftyp` box too; its major brands (isom, mp41, mp42, avc1, M4V, qt...) are none of these.
 * AVIF (avif, avis) is refused: no phone camera writes it and our decoder does not read AV1.
 */
const HEIF_BRANDS = new Set<string>(HEIF_PHOTO_BRANDS);
const AVIF_BRANDS = new Set(["avif", "avis"]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The photo format the first 12 bytes announce: JPEG, PNG, or HEIF by its `ftyp` major brand. */
export function sniffPhoto(head: Buffer): PhotoFormat | undefined {
  if (head.length >= 3 && head.subarray(0, 3).equals(JPEG_MAGIC)) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp" && HEIF_BRANDS.has(head.toString("latin1", 8, 12))) return "heif";
  return undefined;
}

/** What an uploaded clip's first 12 bytes are: a video container or a photo format; undefined for anything else. */
export type ClipUploadKind = { kind: "video"; container: VideoContainer } | { kind: "photo"; format: PhotoFormat };
export function sniffClipUpload(head: Buffer): ClipUploadKind | undefined {
  const photo = sniffPhoto(head);
  if (photo) return { kind: "photo", format: photo };
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp" && AVIF_BRANDS.has(head.toString("latin1", 8, 12))) return undefined;
  const container = sniffContainer(head);
  return container ? { kind: "video", container } : undefined;
}

/** Audio a browser records or a camper might pick: WebM/Ogg (MediaRecorder), WAV, MP4/M4A, MP3. */
export function sniffAudio(head: Buffer): { extension: string; mimeType: string } | undefined {
  if (sniffContainer(head) === "webm") return { extension: "webm", mimeType: "audio/webm" };
  if (head.length >= 4 && head.toString("latin1", 0, 4) === "OggS") return { extension: "ogg", mimeType: "audio/ogg" };
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE") {
    return { extension: "wav", mimeType: "audio/wav" };
  }
  if (sniffContainer(head) === "mp4") return { extension: "m4a", mimeType: "audio/mp4" };
  if (head.length >= 3 && (head.toString("latin1", 0, 3) === "ID3" || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0))) {
    return { extension: "mp3", mimeType: "audio/mpeg" };
  }
  return undefined;
}

export class NotVideoError extends Error {}
export class TooLargeError extends Error {
  /** The limit passed: a photo's (PHOTO_LIMITS.maxBytes) rather than the upload's own. */
  photo = false;
}

/**
 * Passes bytes through, refusing the stream as soon as its first bytes are not a video container
 * (when it starts a file) or it would grow the file past `maxTotal`.
 */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Whether fewer than 12 bytes can be the start of a WebM/Matroska or MP4 file. */
export function couldStartVideo(head: Buffer): boolean {
  if (head.length >= 12) return sniffContainer(head) !== undefined;
  const ebml = head.subarray(0, Math.min(4, head.length)).equals(EBML_MAGIC.subarray(0, Math.min(4, head.length)));
  // MP4: a 4-byte box size, then "ftyp".
  const ftyp = Buffer.from("ftyp");
  const mp4 = head.length <= 4 || head.subarray(4, Math.min(8, head.length)).equals(ftyp.subarray(0, Math.min(8, head.length) - 4));
  return ebml || mp4;
}

/** Whether fewer than 12 bytes can be the start of a clip upload: a video, or a JPEG, PNG or HEIF photo. */
export function couldStartClip(head: Buffer): boolean {
  const prefixOf = (magic: Buffer) => head.subarray(0, Math.min(magic.length, head.length)).equals(magic.subarray(0, Math.min(magic.length, head.length)));
  return couldStartVideo(head) || prefixOf(JPEG_MAGIC) || prefixOf(PNG_MAGIC);
}

/** Room in the camper's space for a file's bytes, asked for before they pass (see StorageQuota). */
export interface ByteRoom {
  /** Whether the file may grow to `position` bytes without asking again. */
  covers(position: number): boolean;
  /** Makes room up to `position`, or rejects (the stream then fails with that error). */
  extendTo(position: number): Promise<void>;
}

export class UploadGuard extends Transform {
  private head = Buffer.alloc(0);
  private checked: boolean;
  private total: number;
  container: VideoContainer | undefined;

  private maxTotal: number;
  private readonly accepts: (head: Buffer) => boolean;
  private readonly room: ByteRoom | undefined;
  private readonly limitFor: ((head: Buffer) => { maxTotal: number; declared: number | null } | undefined) | undefined;

  constructor(
    startOffset: number,
    maxTotal: number,
    checks: {
      /** Whether the first bytes are acceptable; video containers by default. */
      accepts?: (head: Buffer) => boolean;
      /** When set, no byte passes before the camper's space has room for it. */
      room?: ByteRoom;
      /**
       * A smaller limit for files that start like `head` (a photo's), applied once the first bytes are
       * known; a limit below the bytes the client declared refuses at once. undefined keeps maxTotal.
       */
      limitFor?: (head: Buffer) => { maxTotal: number; declared: number | null } | undefined;
    } = {},
  ) {
    super();
    this.maxTotal = maxTotal;
    this.accepts = checks.accepts ?? ((head) => sniffContainer(head) !== undefined);
    this.room = checks.room;
    this.limitFor = checks.limitFor;
    this.checked = startOffset > 0;
    this.total = startOffset;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > this.maxTotal) return done(new TooLargeError());
    if (!this.room || this.room.covers(this.total)) return this.pass(chunk, done);
    this.room.extendTo(this.total).then(() => this.pass(chunk, done), done);
  }

  private pass(chunk: Buffer, done: TransformCallback) {
    if (this.checked) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 12) return done();
    return this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.checked || this.head.length === 0) return done();
    // Browsers sometimes hand over a first piece of a byte or two: keep it when it can still begin a
    // video and more bytes may follow (the finished file is checked again before it becomes a clip).
    if (this.total < this.maxTotal && couldStartClip(this.head)) {
      const head = this.head;
      this.head = Buffer.alloc(0);
      return done(null, head);
    }
    this.release(done);
  }

  private release(done: TransformCallback) {
    this.container = sniffContainer(this.head);
    if (!this.accepts(this.head)) return done(new NotVideoError());
    const limit = this.limitFor?.(this.head);
    if (limit) {
      this.maxTotal = Math.min(this.maxTotal, limit.maxTotal);
      if (this.total > this.maxTotal || (limit.declared !== null && limit.declared > limit.maxTotal)) {
        const error = new TooLargeError();
        error.photo = true;
        return done(error);
      }
    }
    this.checked = true;
    const head = this.head;
    this.head = Buffer.alloc(0);
    done(null, head);
  }
}
