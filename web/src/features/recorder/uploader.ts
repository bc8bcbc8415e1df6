import { TUS_VERSION } from "../../../../contracts/clips-constants.ts";
import type { ClipStore } from "./clip-store.ts";
import { ClipUploader, type LoopDeps, type UploaderDeps } from "./clip-uploader.ts";
import { browserNetwork, defaultSleep } from "./network-status.ts";

/**
 * A tus 1.0.0 client (core, creation, creation-defer-length, termination) written against
 * contracts/clips.ts. tus-js-client wants a finished file; here the bytes are still being recorded,
 * so each clip has one loop (clip-uploader.ts) that sends whatever is on the device, waits for more,
 * and declares the length once Stop has fixed it. Stop then only has the last second left to send.
 * This file is the client's entry: the manager that runs the loops, and the names the rest of the
 * app uses from tus-protocol.ts (headers, backoff, checksums), network-status.ts and upload-errors.ts.
 *
 * The loop never deletes the device copy until GET /api/clips/{id} reports the same byte count and
 * SHA-256 as the device copy.
 */

export { MISMATCH_MESSAGE, type UploaderDeps } from "./clip-uploader.ts";
export { browserNetwork, type NetworkStatus } from "./network-status.ts";
export {
  BACKOFF,
  PIECE_BYTES,
  UPLOADS_URL,
  backoffDelay,
  base64Utf8,
  createUploadHeaders,
  encodeMetadata,
  patchHeaders,
  sha256Hex,
} from "./tus-protocol.ts";
export { RefusedError, SIGNED_OUT_MESSAGE } from "../../api/upload-errors.ts";

/** Runs one upload loop per clip and wakes it when the clip's record changes (new bytes, Stop). */
export class UploadManager {
  private readonly uploaders = new Map<string, ClipUploader>();
  private readonly deps: LoopDeps;
  private readonly unsubscribe: () => void;

  constructor(deps: UploaderDeps) {
    this.deps = {
      store: deps.store,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      network: deps.network ?? browserNetwork,
      sleep: deps.sleep ?? defaultSleep,
      random: deps.random ?? Math.random,
      locks: deps.locks === undefined ? (typeof navigator !== "undefined" ? (navigator.locks ?? null) : null) : deps.locks,
      onFailed: deps.onFailed,
      onSaved: deps.onSaved,
    };
    this.unsubscribe = deps.store.subscribe(({ localId }) => this.uploaders.get(localId)?.wake());
  }

  /** Starts (or wakes) the clip's loop. */
  resume(localId: string) {
    const existing = this.uploaders.get(localId);
    if (existing && !existing.stopped) {
      existing.wake();
      return;
    }
    const uploader = new ClipUploader(localId, this.deps);
    this.uploaders.set(localId, uploader);
    void uploader.finished.finally(() => {
      if (this.uploaders.get(localId) === uploader) this.uploaders.delete(localId);
    });
  }

  isActive(localId: string) {
    return this.uploaders.has(localId);
  }

  /** Resolves when the clip's loop has ended (saved, failed, or stopped); at once when none runs. */
  async settled(localId: string): Promise<void> {
    await this.uploaders.get(localId)?.finished;
  }

  /**
   * A failed clip starts again with a new upload from byte 0 (the old one is removed from the server
   * when it can be): the device copy is whole, so nothing depends on what the server kept.
   */
  async retry(localId: string) {
    await this.stop(localId);
    const clip = await this.deps.store.getClip(localId);
    if (!clip || clip.state !== "failed") return;
    if (clip.uploadUrl) void this.terminate(clip.uploadUrl);
    await this.deps.store.updateClip(localId, {
      state: "local",
      error: null,
      retryable: true,
      uploadUrl: null,
      uploadedOffset: 0,
      lengthDeclared: false,
      serverClipId: null,
    });
    this.resume(localId);
  }

  /** Stops the loop and removes the unfinished upload from the server (the clip is being removed). */
  async cancel(localId: string) {
    await this.stop(localId);
    const clip = await this.deps.store.getClip(localId);
    if (clip?.uploadUrl && clip.state !== "saved") await this.terminate(clip.uploadUrl);
  }

  /** Stops every loop sending another camper's clips (a different camper signed in here). */
  async stopOthers(userId: number) {
    const others: string[] = [];
    for (const localId of this.uploaders.keys()) {
      const clip = await this.deps.store.getClip(localId);
      if (clip && clip.userId !== userId) others.push(localId);
    }
    await Promise.all(others.map((localId) => this.stop(localId)));
  }

  private async stop(localId: string) {
    const uploader = this.uploaders.get(localId);
    if (!uploader) return;
    uploader.stop();
    await uploader.finished;
  }

  private async terminate(uploadUrl: string) {
    try {
      await this.deps.fetch(uploadUrl, { method: "DELETE", headers: { "Tus-Resumable": TUS_VERSION }, credentials: "include" });
    } catch {
      // The server drops abandoned uploads on its own.
    }
  }

  dispose() {
    this.unsubscribe();
    for (const uploader of this.uploaders.values()) uploader.stop();
    this.uploaders.clear();
  }
}

const managers = new WeakMap<ClipStore, UploadManager>();

/** The one manager for a store (so a clip never gets two loops in one tab). */
export function getUploadManager(store: ClipStore, deps: Omit<UploaderDeps, "store"> = {}): UploadManager {
  let manager = managers.get(store);
  if (!manager) {
    manager = new UploadManager({ ...deps, store });
    managers.set(store, manager);
  }
  return manager;
}
