/**
 * The device copy of every take. Each MediaRecorder chunk is written here (and the write's transaction
 * has completed) before anything else happens to it; the bytes leave only after the server has
 * confirmed their count and checksum.
 *
 * Two implementations share one interface: IndexedDB (the real one, database "summer-stories-clips")
 * and memory (tests, and browsers that refuse IndexedDB, such as some private windows; the UI then
 * warns that takes survive only while the tab stays open). The pure parts (byte-range assembly,
 * state transitions) live in clip-records.ts, the two stores in their own files.
 */

import type { ClipStore } from "../../lib/clip-records.ts";
import { IdbClipStore } from "./idb-clip-store.ts";
import { MemoryClipStore } from "./memory-clip-store.ts";

export * from "../../lib/clip-records.ts";
export { CLIP_DB_NAME, IdbClipStore } from "./idb-clip-store.ts";
export { MemoryClipStore } from "./memory-clip-store.ts";

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
