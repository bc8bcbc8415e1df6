import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryClipStore } from "./clip-store.ts";
import { FakeTusServer, bytesOf } from "../../testing/tus-server.ts";
import { eventually, recordingSleep } from "../../testing/recorder.ts";
import { recordingLockName, recoverUnfinished, resetRecovery } from "./runtime.ts";
import { SIGNED_OUT_MESSAGE, UploadManager } from "./uploader.ts";

let store: MemoryClipStore;
let server: FakeTusServer;
let manager: UploadManager;

beforeEach(() => {
  store = new MemoryClipStore();
  server = new FakeTusServer();
  manager = new UploadManager({ store, fetch: server.fetch, sleep: recordingSleep().sleep, locks: null });
  resetRecovery();
});

afterEach(() => {
  manager.dispose();
  vi.unstubAllGlobals();
});

async function clipWith(bytes: number, extra: Parameters<MemoryClipStore["updateClip"]>[1] = {}) {
  const clip = await store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm", showId: null });
  if (bytes) await store.addChunk(clip.localId, new Blob([bytesOf(bytes).slice()]));
  if (typeof extra === "function" || Object.keys(extra).length) await store.updateClip(clip.localId, extra);
  return clip.localId;
}

describe("recoverUnfinished", () => {
  it("finalises a take a closed tab left recording, drops an empty one, and uploads", async () => {
    const left = await clipWith(1500);
    const empty = await clipWith(0);
    await recoverUnfinished({ store, manager }, 7);
    expect(await store.getClip(empty)).toBeNull();
    const clip = (await store.getClip(left))!;
    expect(clip.totalBytes).toBe(1500);
    expect(clip.endTime).toBe(clip.startTime + 1000);
    await manager.settled(left);
    expect((await store.getClip(left))!.state).toBe("saved");
  });

  it("leaves alone a take another tab is still recording (its Web Lock is held)", async () => {
    const held = new Set<string>();
    vi.stubGlobal("navigator", {
      ...navigator,
      onLine: true,
      locks: {
        request: async (name: string, options: unknown, callback?: (lock: unknown) => unknown) => {
          const cb = (typeof options === "function" ? options : callback)!;
          return cb(held.has(name) ? null : { name });
        },
      },
    });
    const busy = await clipWith(800);
    held.add(recordingLockName(busy));
    await recoverUnfinished({ store, manager }, 7);
    expect((await store.getClip(busy))!.state).toBe("recording");
    expect((await store.getClip(busy))!.totalBytes).toBeNull();
  });

  it("runs once per camper per tab", async () => {
    const spy = vi.spyOn(store, "listClips");
    await Promise.all([recoverUnfinished({ store, manager }, 7), recoverUnfinished({ store, manager }, 7)]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("retries a clip refused only because the session had ended; other failures wait for Retry", async () => {
    const signedOut = await clipWith(600, (c) => ({ state: "failed", totalBytes: c.recordedBytes, error: SIGNED_OUT_MESSAGE }));
    const refused = await clipWith(600, (c) => ({ state: "failed", totalBytes: c.recordedBytes, error: "Too big", retryable: false }));
    await recoverUnfinished({ store, manager }, 7);
    await manager.settled(signedOut);
    expect((await store.getClip(signedOut))!.state).toBe("saved");
    expect((await store.getClip(refused))!.state).toBe("failed");
  });

  it("sends a transcript still waiting on a saved clip, and forgets long-saved records", async () => {
    // A clip saved on the server whose transcript never got there.
    const pending = await clipWith(700);
    await store.updateClip(pending, (c) => ({ state: "local", totalBytes: c.recordedBytes }));
    manager.resume(pending);
    await manager.settled(pending);
    const id = (await store.getClip(pending))!.serverClipId!;
    await store.updateClip(pending, { transcription: "Raft day", transcriptionSent: false });
    const old = await clipWith(0);
    await store.updateClip(old, { state: "local" });
    await store.updateClip(old, { state: "uploading" });
    await store.updateClip(old, { state: "saved", savedAt: Date.now() - 40 * 24 * 3600 * 1000, transcriptionSent: true });

    await recoverUnfinished({ store, manager }, 7);
    await eventually(() => expect(server.clips.get(id)!.transcription).toBe("Raft day"));
    await eventually(async () => expect((await store.getClip(pending))!.transcriptionSent).toBe(true));
    expect(await store.getClip(old)).toBeNull();
  });
});
