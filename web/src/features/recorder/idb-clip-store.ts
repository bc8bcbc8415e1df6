import {
  ClipMissingError,
  Emitter,
  applyPatch,
  assembleRange,
  baseMimeType,
  isUnfinished,
  newClipRecord,
  type ClipPatch,
  type ClipStore,
  type LocalClip,
  type NewClip,
  type StoredChunk,
} from "../../lib/clip-records.ts";

// The real store: IndexedDB database "summer-stories-clips", one record a clip and one a chunk.

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

