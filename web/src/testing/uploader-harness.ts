import { afterEach, beforeEach, vi } from "vitest";
import { MemoryClipStore, type LocalClip } from "../features/recorder/clip-store.ts";
import { FakeTusServer } from "./tus-server.ts";
import { controlNetwork, recordingSleep } from "./recorder.ts";
import { UploadManager } from "../features/recorder/uploader.ts";

/**
 * An UploadManager on the memory store and a fake tus server, made afresh for each test (the hooks are
 * registered where this is called), with the steps of a take: start, record bytes, stop, read back.
 */
export function uploadManagerHarness() {
  const failed = vi.fn<(clip: LocalClip) => void>();
  const saved = vi.fn<(clip: LocalClip) => void>();
  const h = {} as {
    store: MemoryClipStore;
    server: FakeTusServer;
    manager: UploadManager;
    network: ReturnType<typeof controlNetwork>;
    sleeper: ReturnType<typeof recordingSleep>;
  };

  beforeEach(() => {
    h.store = new MemoryClipStore();
    h.server = new FakeTusServer();
    h.network = controlNetwork();
    h.sleeper = recordingSleep();
    failed.mockReset();
    saved.mockReset();
    h.manager = new UploadManager({
      store: h.store,
      fetch: h.server.fetch,
      sleep: h.sleeper.sleep,
      random: () => 0.5,
      locks: null,
      onFailed: failed,
      onSaved: saved,
    });
  });

  afterEach(() => {
    h.manager.dispose();
    h.network.restore();
  });

  async function startClip(extra: Partial<LocalClip> = {}) {
    const clip = await h.store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm;codecs=vp8,opus", showId: null });
    if (Object.keys(extra).length) await h.store.updateClip(clip.localId, extra);
    h.manager.resume(clip.localId);
    return clip.localId;
  }

  async function record(localId: string, bytes: Uint8Array) {
    await h.store.addChunk(localId, new Blob([bytes.slice()]));
  }

  async function stop(localId: string, transcription: string | null = null) {
    await h.store.updateClip(localId, (c) => ({ state: "local", totalBytes: c.recordedBytes, endTime: Date.now(), transcription }));
  }

  const state = async (localId: string) => (await h.store.getClip(localId))!;

  function uploadedData() {
    const [upload] = [...h.server.uploads.values()];
    return upload!.data;
  }

  return { h, failed, saved, startClip, record, stop, state, uploadedData };
}
