/**
 * The device copy of every take. Each MediaRecorder chunk is written here (and the write's transaction
 * has completed) before anything else happens to it; the bytes leave only after the server has
 * confirmed their count and checksum.
 *
 * Two implementations share one interface: IndexedDB (the real one, database "summer-stories-clips")
 * and memory (tests, and browsers that refuse IndexedDB, such as some private windows; the UI then
 * warns that takes survive only while the tab stays open). The pure parts (byte-range assembly,
 * state transitions) are exported for tests.
 */

import type { ClipKind } from "../../../../contracts/clips.ts";

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
  Partial<Pick<LocalClip, "localId" | "startTime" | "position" | "state" | "shotId" | "kind">>;

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

function applyPatch(clip: LocalClip, patch: ClipPatch | ((clip: LocalClip) => ClipPatch)): LocalClip {
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
class Emitter {
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

// ---------------------------------------------------------------------------------------------------
// Memory

export class MemoryClipStore extends Emitter implements ClipStore {
  readonly persistent: boolean;
  private readonly clips = new Map<string, LocalClip>();
  private readonly chunks = new Map<string, StoredChunk[]>();

  constructor({ persistent = false }: { persistent?: boolean } = {}) {
    super();
    this.persistent = persistent;
  }

  async createClip(init: NewClip): Promise<LocalClip> {
    const clip = newClipRecord(init);
    this.clips.set(clip.localId, clip);
    this.chunks.set(clip.localId, []);
    this.emit(clip.localId, clip);
    return { ...clip };
  }

  async getClip(localId: string): Promise<LocalClip | null> {
    const clip = this.clips.get(localId);
    return clip ? { ...clip } : null;
  }

  async updateClip(localId: string, patch: ClipPatch | ((clip: LocalClip) => ClipPatch)): Promise<LocalClip> {
    const clip = this.clips.get(localId);
    if (!clip) throw new ClipMissingError(localId);
    const updated = applyPatch(clip, patch);
    this.clips.set(localId, updated);
    this.emit(localId, updated);
    return { ...updated };
  }

  async listClips(userId: number): Promise<LocalClip[]> {
    return [...this.clips.values()].filter((c) => c.userId === userId).map((c) => ({ ...c }));
  }

  async listUnfinished(userId: number): Promise<LocalClip[]> {
    return (await this.listClips(userId)).filter(isUnfinished);
  }

  async addChunk(localId: string, blob: Blob): Promise<LocalClip> {
    const clip = this.clips.get(localId);
    if (!clip) throw new ClipMissingError(localId);
    if (blob.size === 0) return { ...clip };
    const list = this.chunks.get(localId) ?? [];
    list.push({ localId, index: clip.chunkCount, offset: clip.recordedBytes, blob });
    this.chunks.set(localId, list);
    const updated = { ...clip, chunkCount: clip.chunkCount + 1, recordedBytes: clip.recordedBytes + blob.size };
    this.clips.set(localId, updated);
    this.emit(localId, updated);
    return { ...updated };
  }

  async getChunksFrom(localId: string, offset: number, maxBytes?: number): Promise<Blob> {
    const clip = this.clips.get(localId);
    return assembleRange(this.chunks.get(localId) ?? [], offset, maxBytes, baseMimeType(clip?.mimeType ?? ""));
  }

  async deleteChunks(localId: string): Promise<void> {
    this.chunks.set(localId, []);
  }

  async deleteClip(localId: string): Promise<void> {
    this.clips.delete(localId);
    this.chunks.delete(localId);
    this.emit(localId, null);
  }
}

export class ClipMissingError extends Error {
  constructor(localId: string) {
    super(`No clip ${localId} on this device`);
    this.name = "ClipMissingError";
  }
}

// ---------------------------------------------------------------------------------------------------
// IndexedDB

export const CLIP_DB_NAME = "summer-stories-clips";
const CLIP_DB_VERSION = 1;
const CLIPS = "clips";
const CHUNKS = "chunks";
const BY_USER = "byUser";
const BY_OFFSET = "byOffset";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

function openDatabase(factory: IDBFactory, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(CLIP_DB_NAME, CLIP_DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(CLIPS)) {
        const clips = db.createObjectStore(CLIPS, { keyPath: "localId" });
        clips.createIndex(BY_USER, "userId");
      }
      if (!db.objectStoreNames.contains(CHUNKS)) {
        const chunks = db.createObjectStore(CHUNKS, { keyPath: ["localId", "index"] });
        chunks.createIndex(BY_OFFSET, ["localId", "offset"], { unique: true });
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab with a newer version of the app wants to upgrade: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      // Closed by the browser (storage cleared, disk trouble): open again next time.
      db.onclose = onClosed;
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error("Could not open IndexedDB"));
    req.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  });
}

type TxBody<T> = (tx: IDBTransaction, setResult: (value: T) => void, fail: (error: Error) => void) => void;

export class IdbClipStore extends Emitter implements ClipStore {
  readonly persistent = true;
  private dbPromise: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory = indexedDB) {
    super();
  }

  private db(): Promise<IDBDatabase> {
    this.dbPromise ??= openDatabase(this.factory, () => (this.dbPromise = null)).catch((error: unknown) => {
      this.dbPromise = null;
      throw error;
    });
    return this.dbPromise;
  }

  /**
   * Runs `body` in one transaction and resolves with its result only when the transaction has
   * completed (with strict durability for writes: the bytes are on disk, not in a cache).
   */
  private async run<T>(stores: string[], mode: IDBTransactionMode, body: TxBody<T>): Promise<T> {
    const db = await this.db();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(stores, mode, mode === "readwrite" ? { durability: "strict" } : undefined);
      let result: T | undefined;
      let failure: Error | null = null;
      tx.oncomplete = () => (failure ? reject(failure) : resolve(result as T));
      tx.onerror = () => reject(failure ?? tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(failure ?? tx.error ?? new Error("IndexedDB transaction aborted"));
      try {
        body(
          tx,
          (value) => (result = value),
          (error) => {
            failure = error;
            tx.abort();
          },
        );
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        tx.abort();
      }
    });
  }

  async createClip(init: NewClip): Promise<LocalClip> {
    const clip = newClipRecord(init);
    await this.run<void>([CLIPS], "readwrite", (tx) => {
      tx.objectStore(CLIPS).add(clip);
    });
    this.emit(clip.localId, clip);
    return clip;
  }

  async getClip(localId: string): Promise<LocalClip | null> {
    const db = await this.db();
    const clip = await request<LocalClip | undefined>(db.transaction(CLIPS, "readonly").objectStore(CLIPS).get(localId));
    return clip ?? null;
  }

  async updateClip(localId: string, patch: ClipPatch | ((clip: LocalClip) => ClipPatch)): Promise<LocalClip> {
    const updated = await this.run<LocalClip>([CLIPS], "readwrite", (tx, setResult, fail) => {
      const store = tx.objectStore(CLIPS);
      const get = store.get(localId);
      get.onsuccess = () => {
        const clip = get.result as LocalClip | undefined;
        if (!clip) return fail(new ClipMissingError(localId));
        try {
          const next = applyPatch(clip, patch);
          store.put(next);
          setResult(next);
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      };
    });
    this.emit(localId, updated);
    return updated;
  }

  async listClips(userId: number): Promise<LocalClip[]> {
    const db = await this.db();
    const index = db.transaction(CLIPS, "readonly").objectStore(CLIPS).index(BY_USER);
    return request<LocalClip[]>(index.getAll(IDBKeyRange.only(userId)));
  }

  async listUnfinished(userId: number): Promise<LocalClip[]> {
    return (await this.listClips(userId)).filter(isUnfinished);
  }

  async addChunk(localId: string, blob: Blob): Promise<LocalClip> {
    // An empty chunk holds nothing and would share its offset with the next one.
    if (blob.size === 0) {
      const clip = await this.getClip(localId);
      if (!clip) throw new ClipMissingError(localId);
      return clip;
    }
    const updated = await this.run<LocalClip>([CLIPS, CHUNKS], "readwrite", (tx, setResult, fail) => {
      const clips = tx.objectStore(CLIPS);
      const get = clips.get(localId);
      get.onsuccess = () => {
        const clip = get.result as LocalClip | undefined;
        if (!clip) return fail(new ClipMissingError(localId));
        const chunk: StoredChunk = { localId, index: clip.chunkCount, offset: clip.recordedBytes, blob };
        tx.objectStore(CHUNKS).add(chunk);
        const next = { ...clip, chunkCount: clip.chunkCount + 1, recordedBytes: clip.recordedBytes + blob.size };
        clips.put(next);
        setResult(next);
      };
    });
    this.emit(localId, updated);
    return updated;
  }

  async getChunksFrom(localId: string, offset: number, maxBytes = Number.POSITIVE_INFINITY): Promise<Blob> {
    const clip = await this.getClip(localId);
    const chunks = await this.run<StoredChunk[]>([CHUNKS], "readonly", (tx, setResult) => {
      const index = tx.objectStore(CHUNKS).index(BY_OFFSET);
      const found: StoredChunk[] = [];
      setResult(found);
      // The chunk holding `offset` is the last one starting at or before it ...
      const first = index.openCursor(IDBKeyRange.bound([localId, 0], [localId, offset]), "prev");
      first.onsuccess = () => {
        const start = (first.result?.value as StoredChunk | undefined)?.offset ?? 0;
        // ... and from there on, chunks in order until the range is covered.
        let covered = start;
        const rest = index.openCursor(IDBKeyRange.bound([localId, start], [localId, Number.POSITIVE_INFINITY]));
        rest.onsuccess = () => {
          const cursor = rest.result;
          if (!cursor) return;
          const chunk = cursor.value as StoredChunk;
          found.push(chunk);
          covered = chunk.offset + chunk.blob.size;
          if (covered < offset + maxBytes) cursor.continue();
        };
      };
    });
    return assembleRange(chunks, offset, maxBytes, baseMimeType(clip?.mimeType ?? ""));
  }

  async deleteChunks(localId: string): Promise<void> {
    await this.run<void>([CHUNKS], "readwrite", (tx) => {
      tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([localId, 0], [localId, Number.POSITIVE_INFINITY]));
    });
  }

  async deleteClip(localId: string): Promise<void> {
    await this.run<void>([CLIPS, CHUNKS], "readwrite", (tx) => {
      tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([localId, 0], [localId, Number.POSITIVE_INFINITY]));
      tx.objectStore(CLIPS).delete(localId);
    });
    this.emit(localId, null);
  }
}

// ---------------------------------------------------------------------------------------------------

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

let shared: ClipStore | null = null;

/** The app's one store: IndexedDB when the browser opens it, otherwise memory. */
export async function getClipStore(): Promise<ClipStore> {
  if (shared) return shared;
  let store: ClipStore;
  if (typeof indexedDB === "undefined") {
    store = new MemoryClipStore();
  } else {
    const idb = new IdbClipStore();
    try {
      await idb.listClips(-1);
      store = idb;
    } catch (error) {
      console.warn("IndexedDB is unavailable; takes are kept in memory only", error);
      store = new MemoryClipStore();
    }
  }
  shared ??= store;
  return shared;
}
