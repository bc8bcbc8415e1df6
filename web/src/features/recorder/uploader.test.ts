import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryClipStore, type LocalClip } from "./clip-store.ts";
import {
  FakeTusServer,
  bytesOf,
  controlNetwork,
  eventually,
  expectSameBytes,
  json,
  recordingSleep,
} from "./recorder-test-helpers.ts";
import {
  MISMATCH_MESSAGE,
  PIECE_BYTES,
  SIGNED_OUT_MESSAGE,
  UploadManager,
  backoffDelay,
  base64Utf8,
  createUploadHeaders,
  encodeMetadata,
  patchHeaders,
  sha256Hex,
  uploadPercent,
} from "./uploader.ts";

describe("tus protocol helpers", () => {
  it("encodes metadata as key base64 pairs of UTF-8, leaving out empty values", () => {
    expect(base64Utf8("Recording 1")).toBe(btoa("Recording 1"));
    expect(encodeMetadata({ title: "Café ☀", showId: null, filetype: "video/webm" })).toBe(
      `title ${base64Utf8("Café ☀")},filetype ${btoa("video/webm")}`,
    );
    expect(atob(base64Utf8("é"))).toBe("\u00c3\u00a9");
    expect(encodeMetadata({ title: "T", showId: 12 })).toBe(`title ${btoa("T")},showId ${btoa("12")}`);
  });

  it("builds creation headers with a deferred length and the bare file type", () => {
    expect(createUploadHeaders({ title: "Recording 2", showId: 5, mimeType: "video/webm;codecs=vp8,opus" })).toEqual({
      "Tus-Resumable": "1.0.0",
      "Upload-Defer-Length": "1",
      "Upload-Metadata": `title ${btoa("Recording 2")},showId ${btoa("5")},filetype ${btoa("video/webm")}`,
    });
  });

  it("builds PATCH headers, with Upload-Length only when given", () => {
    expect(patchHeaders({ offset: 42 })).toEqual({
      "Tus-Resumable": "1.0.0",
      "Content-Type": "application/offset+octet-stream",
      "Upload-Offset": "42",
    });
    expect(patchHeaders({ offset: 42, length: 100 })["Upload-Length"]).toBe("100");
    expect(patchHeaders({ offset: 0, length: null })).not.toHaveProperty("Upload-Length");
  });

  it("backs off from 0.5 s, doubling with jitter, never past 15 s", () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    for (let attempt = 0; attempt < 40; attempt++) {
      for (const r of [0, 0.3, 0.999]) {
        const d = backoffDelay(attempt, () => r);
        expect(d).toBeGreaterThanOrEqual(500);
        expect(d).toBeLessThanOrEqual(15_000);
      }
    }
    expect(backoffDelay(30, () => 0)).toBe(7500);
    expect(backoffDelay(30, () => 1)).toBe(15_000);
  });

  it("reports progress as confirmed bytes of recorded bytes, 100 only when all of a finished clip is in", () => {
    expect(uploadPercent({ uploadedOffset: 0, recordedBytes: 0, totalBytes: null })).toBe(0);
    expect(uploadPercent({ uploadedOffset: 42, recordedBytes: 100, totalBytes: null })).toBe(42);
    expect(uploadPercent({ uploadedOffset: 100, recordedBytes: 100, totalBytes: null })).toBe(99);
    expect(uploadPercent({ uploadedOffset: 100, recordedBytes: 100, totalBytes: 100 })).toBe(100);
  });
});

describe("UploadManager", () => {
  let store: MemoryClipStore;
  let server: FakeTusServer;
  let manager: UploadManager;
  let network: ReturnType<typeof controlNetwork>;
  let sleeper: ReturnType<typeof recordingSleep>;
  const failed = vi.fn<(clip: LocalClip) => void>();
  const saved = vi.fn<(clip: LocalClip) => void>();

  beforeEach(() => {
    store = new MemoryClipStore();
    server = new FakeTusServer();
    network = controlNetwork();
    sleeper = recordingSleep();
    failed.mockReset();
    saved.mockReset();
    manager = new UploadManager({
      store,
      fetch: server.fetch,
      sleep: sleeper.sleep,
      random: () => 0.5,
      locks: null,
      onFailed: failed,
      onSaved: saved,
    });
  });

  afterEach(() => {
    manager.dispose();
    network.restore();
  });

  async function startClip(extra: Partial<LocalClip> = {}) {
    const clip = await store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm;codecs=vp8,opus", showId: null });
    if (Object.keys(extra).length) await store.updateClip(clip.localId, extra);
    manager.resume(clip.localId);
    return clip.localId;
  }

  async function record(localId: string, bytes: Uint8Array) {
    await store.addChunk(localId, new Blob([bytes.slice()]));
  }

  async function stop(localId: string, transcription: string | null = null) {
    await store.updateClip(localId, (c) => ({ state: "local", totalBytes: c.recordedBytes, endTime: Date.now(), transcription }));
  }

  const state = async (localId: string) => (await store.getClip(localId))!;

  function uploadedData() {
    const [upload] = [...server.uploads.values()];
    return upload!.data;
  }

  it("creates a deferred-length upload, sends chunks while recording, declares the length at Stop, checks and lets go", async () => {
    const data = bytesOf(2_500_000);
    const id = await startClip();
    await eventually(() => expect(server.callsTo("POST")).toHaveLength(1));
    const create = server.callsTo("POST")[0]!;
    expect(create.headers.get("upload-defer-length")).toBe("1");
    expect(create.headers.get("upload-length")).toBeNull();
    expect(create.headers.get("upload-metadata")).toBe(`title ${btoa("Recording 1")},filetype ${btoa("video/webm")}`);

    // Three one-second chunks arrive while recording; each is sent before Stop.
    await record(id, data.subarray(0, 300_000));
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(300_000));
    await record(id, data.subarray(300_000, 1_800_000));
    await record(id, data.subarray(1_800_000, 2_400_000));
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(2_400_000));
    expect((await state(id)).state).toBe("recording");
    expect(server.callsTo("PATCH").every((c) => c.headers.get("upload-length") === null)).toBe(true);

    // Stop: the last chunk, then the final size.
    await record(id, data.subarray(2_400_000));
    await stop(id, "We jumped in the lake");
    await manager.settled(id);

    const patches = server.callsTo("PATCH");
    let expected = 0;
    for (const patch of patches) {
      expect(patch.headers.get("tus-resumable")).toBe("1.0.0");
      expect(Number(patch.headers.get("upload-offset"))).toBe(expected);
      expect(patch.bytes!.length).toBeLessThanOrEqual(PIECE_BYTES);
      expected += patch.bytes!.length;
    }
    const withLength = patches.filter((p) => p.headers.get("upload-length") !== null);
    expect(withLength).toHaveLength(1);
    expect(withLength[0]!.headers.get("upload-length")).toBe(String(data.length));
    expectSameBytes(uploadedData(), data);

    const clip = await state(id);
    expect(clip.state).toBe("saved");
    expect(clip.serverClipId).toBe(100);
    expect(clip.sha256).toBe(await sha256Hex(new Blob([data.slice()])));
    expect((await store.getChunksFrom(id, 0)).size).toBe(0);
    expect(saved).toHaveBeenCalledOnce();
    // The transcript follows the saved clip.
    expect(server.clips.get(100)!.transcription).toBe("We jumped in the lake");
    expect(clip.transcriptionSent).toBe(true);
    expect(server.calls.every((c) => !c.path.startsWith("/api/uploads") || c.headers.get("tus-resumable") === "1.0.0")).toBe(true);
  });

  it("declares the length with an empty PATCH when every byte was already sent", async () => {
    const data = bytesOf(1000);
    const id = await startClip();
    await record(id, data);
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(1000));
    await stop(id);
    await manager.settled(id);
    const last = server.callsTo("PATCH").at(-1)!;
    expect(last.bytes).toHaveLength(0);
    expect(last.headers.get("upload-offset")).toBe("1000");
    expect(last.headers.get("upload-length")).toBe("1000");
    expect((await state(id)).state).toBe("saved");
  });

  it("on 409 asks HEAD and continues from the server's offset", async () => {
    const data = bytesOf(5000);
    const id = await startClip();
    await record(id, data.subarray(0, 2000));
    // The server took the bytes but the answer was lost; the device still thinks it is at 0.
    server.fault((c) => (c.method === "PATCH" ? "apply-then-network-error" : undefined));
    await eventually(() => expect(server.callsTo("HEAD")).toHaveLength(1));
    await record(id, data.subarray(2000));
    // And a plain 409 once more.
    server.fault((c) => (c.method === "PATCH" ? json({ message: "wrong offset" }, 409) : undefined));
    await stop(id);
    await manager.settled(id);

    expect(server.callsTo("HEAD").length).toBeGreaterThanOrEqual(2);
    const offsets = server.callsTo("PATCH").map((c) => Number(c.headers.get("upload-offset")));
    expect(offsets[0]).toBe(0);
    // After the lost answer the next PATCH starts at 2000 (from HEAD), never again at 0.
    expect(offsets.slice(1).every((o) => o >= 2000)).toBe(true);
    expectSameBytes(uploadedData(), data);
    expect((await state(id)).state).toBe("saved");
    expect(sleeper.delays.some((d) => d >= 500 && d < 30_000)).toBe(true);
  });

  it("retries 5xx and 423 with growing delays", async () => {
    const data = bytesOf(3000);
    const id = await startClip();
    server.fault((c) => (c.method === "PATCH" ? json({ message: "restarting" }, 503) : undefined));
    server.fault((c) => (c.method === "HEAD" ? "network-error" : undefined));
    server.fault((c) => (c.method === "HEAD" ? json({ message: "busy" }, 423) : undefined));
    await record(id, data);
    await stop(id);
    await manager.settled(id);
    expect((await state(id)).state).toBe("saved");
    expect(sleeper.delays.slice(0, 3)).toEqual([backoffDelay(0, () => 0.5), backoffDelay(1, () => 0.5), backoffDelay(2, () => 0.5)]);
    expectSameBytes(uploadedData(), data);
  });

  it("pauses while offline (the clip reads 'on this device') and resumes on the online event", async () => {
    const data = bytesOf(4000);
    const id = await startClip();
    await record(id, data.subarray(0, 1000));
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(1000));
    network.goOffline();
    await record(id, data.subarray(1000));
    await stop(id);
    await eventually(async () => expect((await state(id)).state).toBe("local"));
    const callsWhileOffline = server.calls.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(server.calls.length).toBe(callsWhileOffline);

    network.goOnline();
    await manager.settled(id);
    expect((await state(id)).state).toBe("saved");
    expectSameBytes(uploadedData(), data);
  });

  it("aborts the request in flight when the network drops, then continues from HEAD's offset", async () => {
    const data = bytesOf(3000);
    const serve = server.fetch.getMockImplementation()!;
    let aborted = false;
    let hung = false;
    server.fetch.mockImplementation((input, init) => {
      if (hung || init?.method !== "PATCH") return serve(input, init);
      hung = true;
      // Weak Wi-Fi: the request neither finishes nor fails ...
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(new DOMException("aborted", "AbortError"));
        }),
      );
    });
    const id = await startClip();
    await record(id, data);
    await eventually(() => expect(hung).toBe(true));
    // ... until the laptop notices it is offline.
    network.goOffline();
    await eventually(() => expect(aborted).toBe(true));
    await stop(id);
    await eventually(async () => expect((await state(id)).state).toBe("local"));
    network.goOnline();
    await manager.settled(id);
    expect(server.callsTo("HEAD")).toHaveLength(1);
    expect((await state(id)).state).toBe("saved");
    expectSameBytes(uploadedData(), data);
  });

  it("on 404 creates a new upload and sends everything again from 0", async () => {
    const data = bytesOf(6000);
    const id = await startClip();
    await record(id, data.subarray(0, 3000));
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(3000));
    const firstUrl = (await state(id)).uploadUrl;
    server.forget();
    await record(id, data.subarray(3000));
    await stop(id);
    await manager.settled(id);

    expect(server.callsTo("POST")).toHaveLength(2);
    const clip = await state(id);
    expect(clip.uploadUrl).not.toBe(firstUrl);
    const secondUpload = server.callsTo("PATCH").filter((c) => c.path === clip.uploadUrl);
    expect(Number(secondUpload[0]!.headers.get("upload-offset"))).toBe(0);
    expectSameBytes(uploadedData(), data);
    expect(clip.state).toBe("saved");
  });

  it("finds its clip by checksum when the final answer was lost and the upload is gone", async () => {
    const data = bytesOf(2000);
    const id = await startClip();
    await record(id, data);
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(2000));
    // The empty PATCH declaring the length finishes the clip; its answer is lost and the upload cleaned away.
    server.fault((c) => (c.method === "PATCH" && c.headers.get("upload-length") ? "apply-then-network-error" : undefined));
    server.onApplied = () => server.forget();
    await stop(id);
    await manager.settled(id);
    expect(server.callsTo("POST")).toHaveLength(1);
    expect(server.clips.size).toBe(1);
    const clip = await state(id);
    expect(clip.state).toBe("saved");
    expect(clip.serverClipId).toBe(100);
  });

  it("also when the lost answer was to a PATCH that carried the last bytes", async () => {
    const data = bytesOf(2000);
    const id = await startClip();
    server.fault((c) => (c.method === "PATCH" && c.headers.get("upload-length") ? "apply-then-network-error" : undefined));
    server.onApplied = () => server.forget();
    await record(id, data);
    await stop(id);
    await manager.settled(id);
    expect(server.callsTo("POST")).toHaveLength(1);
    expect(server.clips.size).toBe(1);
    expect((await state(id)).state).toBe("saved");
  });

  it("finds its clip by checksum when the final answer was lost but the upload remains", async () => {
    const data = bytesOf(2000);
    const id = await startClip();
    await record(id, data);
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(2000));
    server.fault((c) => (c.method === "PATCH" && c.headers.get("upload-length") ? "apply-then-network-error" : undefined));
    await stop(id);
    await manager.settled(id);
    expect(server.callsTo("POST")).toHaveLength(1);
    expect(server.callsTo("HEAD")).toHaveLength(1);
    expect(server.clips.size).toBe(1);
    expect((await state(id)).state).toBe("saved");
  });

  it("keeps the device copy when the saved copy's checksum differs", async () => {
    server.corruptChecksums = true;
    const data = bytesOf(1500);
    const id = await startClip();
    await record(id, data);
    await stop(id);
    await manager.settled(id);
    const clip = await state(id);
    expect(clip.state).toBe("failed");
    expect(clip.error).toBe(MISMATCH_MESSAGE);
    expect(clip.retryable).toBe(true);
    expectSameBytes(new Uint8Array(await (await store.getChunksFrom(id, 0)).arrayBuffer()), data);
    expect(failed).toHaveBeenCalledOnce();
    expect(saved).not.toHaveBeenCalled();
  });

  it("415 fails with the server's message and keeps the device copy; Retry starts a new upload from 0", async () => {
    const data = bytesOf(1500);
    const id = await startClip();
    server.fault((c) =>
      c.method === "PATCH" ? json({ message: "That file is not a WebM or MP4 video" }, 415) : undefined,
    );
    await record(id, data);
    await stop(id);
    await manager.settled(id);
    let clip = await state(id);
    expect(clip.state).toBe("failed");
    expect(clip.error).toBe("That file is not a WebM or MP4 video");
    expect((await store.getChunksFrom(id, 0)).size).toBe(1500);
    expect(failed).toHaveBeenCalledOnce();

    await manager.retry(id);
    await manager.settled(id);
    clip = await state(id);
    expect(clip.state).toBe("saved");
    expect(server.callsTo("POST")).toHaveLength(2);
    expect(server.callsTo("DELETE")).toHaveLength(1);
    expect([...server.clips.values()][0]!.uploadedBytes).toBe(1500);
  });

  it("413 and 422 fail with the server's message", async () => {
    for (const [status, message] of [
      [413, "Clips can be at most 1024 MB"],
      [422, "This recording could not be read as video"],
    ] as const) {
      const id = await startClip();
      server.fault((c) => (c.method === "PATCH" ? json({ message }, status) : undefined));
      await record(id, bytesOf(100));
      await stop(id);
      await manager.settled(id);
      const clip = await state(id);
      expect(clip.state).toBe("failed");
      expect(clip.error).toBe(message);
    }
  });

  it("never sends a camper's take under another camper's account", async () => {
    server.userId = 8;
    const id = await startClip();
    await record(id, bytesOf(500));
    await stop(id);
    await manager.settled(id);
    const clip = await state(id);
    expect(clip.state).toBe("failed");
    expect(clip.error).toBe(SIGNED_OUT_MESSAGE);
    expect(server.callsTo("POST")).toHaveLength(0);
    expect((await store.getChunksFrom(id, 0)).size).toBe(500);

    // Its owner signs in again: Retry sends it.
    server.userId = 7;
    await manager.retry(id);
    await manager.settled(id);
    expect((await state(id)).state).toBe("saved");
  });

  it("an empty clip fails without any upload", async () => {
    const id = await startClip();
    await stop(id);
    await manager.settled(id);
    expect((await state(id)).state).toBe("failed");
    expect(server.callsTo("PATCH")).toHaveLength(0);
  });

  it("cancel stops the loop and removes the unfinished upload", async () => {
    const id = await startClip();
    await record(id, bytesOf(100));
    await eventually(async () => expect((await state(id)).uploadedOffset).toBe(100));
    await manager.cancel(id);
    expect(server.callsTo("DELETE")).toHaveLength(1);
    expect(server.uploads.size).toBe(0);
    expect(manager.isActive(id)).toBe(false);
  });
});
