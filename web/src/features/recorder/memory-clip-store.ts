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

/** The store in memory: for tests, and for browsers that refuse IndexedDB (takes live while the tab is open). */
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
