// A take's record on the device and the rules it follows: its states and their steps, a new
// record's defaults, the byte ranges of its chunks, and the names of its file type. Pure, for both
// stores and their tests.

import type { ClipKind } from "../../../contracts/clips.ts";

export type ClipState = "recording" | "local" | "uploading" | "saved" | "failed";

export interface LocalClip {
  localId: string;
  userId: number;
  /** 'Recording N' */
  title: string;
  /** ms since the epoch */
  startTime: number;
  endTime: number | null;
  mimeType: string;
  /** The show the upload was created for (null: a loose clip, attached when the show is saved). */
  showId: number | null;
  /**
   * The shot this take was recorded for (record to the script); null or absent (records stored before
   * shots existed) for a free recording.
   */
  shotId?: number | null;
  /**
   * For a clip begun before its story was first saved (showId null): the story's draft key, sent with the
   * upload so the server puts the clip on that story's show once it exists (absent on older records).
   */
  draftKey?: string | null;
  /**
   * A camera take or a photo from the camper's files (sent by the same uploader). Absent on records
   * stored before photos existed, which are all videos: the field needs no new index, so the database
   * keeps its version.
   */
  kind?: ClipKind;
  uploadUrl: string | null;
  /** Bytes the server has confirmed (its Upload-Offset). */
  uploadedOffset: number;
  /** Whether the server has been told the final length (Upload-Length sent and confirmed). */
  lengthDeclared: boolean;
  /** Bytes on the device so far. */
  recordedBytes: number;
  chunkCount: number;
  /** Set at Stop (or when a closed tab's take is recovered): the clip's final size. */
  totalBytes: number | null;
  serverClipId: number | null;
  /** SHA-256 (hex) of the device copy, computed once the clip is final. */
  sha256: string | null;
  state: ClipState;
  error: string | null;
  /** false when retrying the same way cannot help (the server refused the file). */
  retryable: boolean;
  position: number;
  /** The live transcript; sent with PATCH /api/clips/{id} once the clip is saved. */
  transcription: string | null;
  transcriptionSent: boolean;
  savedAt: number | null;
}

export interface StoredChunk {
  localId: string;
  index: number;
  /** Byte offset of this chunk's first byte within the clip. */
  offset: number;
  blob: Blob;
}

export type NewClip = Pick<LocalClip, "userId" | "title" | "mimeType" | "showId"> &
  Partial<Pick<LocalClip, "localId" | "startTime" | "position" | "state" | "shotId" | "kind" | "draftKey">>;

export type ClipPatch = Partial<Omit<LocalClip, "localId" | "userId" | "recordedBytes" | "chunkCount">>;

export interface ClipChange {
  localId: string;
  /** The clip as stored now; null once it is deleted. */
  clip: LocalClip | null;
}

export interface ClipStore {
  /** false for the in-memory fallback: takes are lost if the tab closes. */
  readonly persistent: boolean;
  createClip(init: NewClip): Promise<LocalClip>;
  getClip(localId: string): Promise<LocalClip | null>;
  /** Read-modify-write in one transaction; `patch` may be a function of the current record. */
  updateClip(localId: string, patch: ClipPatch | ((clip: LocalClip) => ClipPatch)): Promise<LocalClip>;
  listClips(userId: number): Promise<LocalClip[]>;
  /** Clips whose bytes or transcript have not all reached the server. */
  listUnfinished(userId: number): Promise<LocalClip[]>;
  /** Appends a chunk at the clip's current end; resolves once the write is durable. */
  addChunk(localId: string, blob: Blob): Promise<LocalClip>;
  /** The bytes from `offset`, at most `maxBytes` of them, assembled across chunk boundaries. */
  getChunksFrom(localId: string, offset: number, maxBytes?: number): Promise<Blob>;
  deleteChunks(localId: string): Promise<void>;
  /** The clip and its chunks. */
  deleteClip(localId: string): Promise<void>;
  subscribe(listener: (change: ClipChange) => void): () => void;
}

export const UNFINISHED_STATES: readonly ClipState[] = ["recording", "local", "uploading", "failed"];

export function isUnfinished(clip: LocalClip): boolean {
  return (
    UNFINISHED_STATES.includes(clip.state) ||
    (clip.state === "saved" && !clip.transcriptionSent && !!clip.transcription?.trim())
  );
}

const TRANSITIONS: Record<ClipState, readonly ClipState[]> = {
  recording: ["local", "uploading", "failed"],
  local: ["uploading", "failed"],
  uploading: ["local", "saved", "failed"],
  failed: ["local", "uploading"],
  saved: [],
};

export function canTransition(from: ClipState, to: ClipState): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** The state `to`, or an error naming the impossible step (a bug, never a camper's doing). */
export function transition(from: ClipState, to: ClipState): ClipState {
  if (!canTransition(from, to)) throw new Error(`A clip can't go from ${from} to ${to}`);
  return to;
}

export function newClipRecord(init: NewClip, now = Date.now()): LocalClip {
  return {
    localId: init.localId ?? crypto.randomUUID(),
    userId: init.userId,
    title: init.title,
    startTime: init.startTime ?? now,
    endTime: null,
    mimeType: init.mimeType,
    showId: init.showId,
    shotId: init.shotId ?? null,
    ...(init.draftKey && init.showId === null ? { draftKey: init.draftKey } : {}),
    kind: init.kind ?? "video",
    uploadUrl: null,
    uploadedOffset: 0,
    lengthDeclared: false,
    recordedBytes: 0,
    chunkCount: 0,
    totalBytes: null,
    serverClipId: null,
    sha256: null,
    state: init.state ?? "recording",
    error: null,
    retryable: true,
    position: init.position ?? now,
    transcription: null,
    transcriptionSent: false,
    savedAt: null,
  };
}

export function applyPatch(clip: LocalClip, patch: ClipPatch | ((clip: LocalClip) => ClipPatch)): LocalClip {
  const changes = typeof patch === "function" ? patch(clip) : patch;
  if (changes.state !== undefined) transition(clip.state, changes.state);
  return { ...clip, ...changes };
}

/**
 * The bytes [from, from + maxBytes) of a clip whose chunks are `chunks` (any order). Chunks must be
 * contiguous over the range asked for: a gap means the device copy is damaged, and that is an error,
 * never silently skipped bytes.
 */
export function assembleRange(
  chunks: readonly Pick<StoredChunk, "offset" | "blob">[],
  from: number,
  maxBytes = Number.POSITIVE_INFINITY,
  type = "",
): Blob {
  if (from < 0 || !Number.isFinite(from)) throw new RangeError(`Bad offset ${from}`);
  const end = from + Math.max(0, maxBytes);
  const sorted = [...chunks].sort((a, b) => a.offset - b.offset);
  const parts: Blob[] = [];
  let expected = from;
  for (const chunk of sorted) {
    const chunkEnd = chunk.offset + chunk.blob.size;
    if (chunkEnd <= from || chunk.blob.size === 0) continue;
    if (chunk.offset >= end) break;
    if (chunk.offset > expected) throw new Error(`The device copy is missing bytes ${expected}-${chunk.offset - 1}`);
    const sliceStart = Math.max(0, expected - chunk.offset);
    const sliceEnd = Math.min(chunk.blob.size, end - chunk.offset);
    if (sliceEnd > sliceStart) {
      parts.push(sliceStart === 0 && sliceEnd === chunk.blob.size ? chunk.blob : chunk.blob.slice(sliceStart, sliceEnd));
      expected = chunk.offset + sliceEnd;
    }
  }
  return new Blob(parts, { type });
}

/** A copy whose transaction completed can be handed to listeners without them mutating ours. */
export class Emitter {
  private readonly listeners = new Set<(change: ClipChange) => void>();
  subscribe(listener: (change: ClipChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  protected emit(localId: string, clip: LocalClip | null) {
    for (const listener of [...this.listeners]) {
      try {
        listener({ localId, clip: clip && { ...clip } });
      } catch (error) {
        console.error(error);
      }
    }
  }
}

export class ClipMissingError extends Error {
  constructor(localId: string) {
    super(`No clip ${localId} on this device`);
    this.name = "ClipMissingError";
  }
}

/** "video/webm;codecs=vp8,opus" -> "video/webm" */
export function baseMimeType(mimeType: string): string {
  return mimeType.split(";")[0]!.trim().toLowerCase();
}

const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
};

/** The file extension the bytes really have (never .mov for WebM; .jpg, .png or .heic for a photo). */
export function extensionFor(mimeType: string): string {
  return EXTENSIONS[baseMimeType(mimeType)] ?? "webm";
}

/** Records stored before photos existed have no kind: they are videos. */
export function clipKind(clip: Pick<LocalClip, "kind">): ClipKind {
  return clip.kind ?? "video";
}

/** Bytes the server confirmed of the bytes recorded, 0-100 (100 only once nothing is left). */
export function uploadPercent(clip: Pick<LocalClip, "uploadedOffset" | "recordedBytes" | "totalBytes">): number {
  const total = clip.totalBytes ?? clip.recordedBytes;
  if (total <= 0) return 0;
  const percent = Math.floor((Math.min(clip.uploadedOffset, total) / total) * 100);
  return clip.uploadedOffset >= total && clip.totalBytes !== null ? 100 : Math.min(99, percent);
}
