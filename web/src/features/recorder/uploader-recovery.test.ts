import { beforeEach, describe, expect, it } from "vitest";
import type { MemoryClipStore } from "./clip-store.ts";
import { bytesOf, metadataOf, type FakeTusServer } from "../../testing/tus-server.ts";
import { eventually, expectSameBytes } from "../../testing/recorder.ts";
import { json } from "../../testing/http.ts";
import { MISMATCH_MESSAGE, SIGNED_OUT_MESSAGE, type UploadManager } from "./uploader.ts";
import { uploadManagerHarness } from "../../testing/uploader-harness.ts";

describe("UploadManager: a lost answer, a refusal, another account, cancel", () => {
  const harness = uploadManagerHarness();
  const { failed, saved, startClip, record, stop, state } = harness;
  let store: MemoryClipStore;
  let server: FakeTusServer;
  let manager: UploadManager;
  beforeEach(() => ({ store, server, manager } = harness.h));

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

    // The camper pressed Retry a minute after beginning the take: the new upload says so, so the
    // server puts the take back among the sections begun before it, not after those begun since.
    await store.updateClip(id, { startTime: Date.now() - 60_000 });
    await manager.retry(id);
    await manager.settled(id);
    clip = await state(id);
    expect(clip.state).toBe("saved");
    expect(server.callsTo("POST")).toHaveLength(2);
    expect(server.callsTo("DELETE")).toHaveLength(1);
    expect([...server.clips.values()][0]!.uploadedBytes).toBe(1500);
    const begunMsAgo = Number(metadataOf(server.callsTo("POST")[1]!.headers).begunMsAgo);
    expect(begunMsAgo).toBeGreaterThanOrEqual(60_000);
    expect(begunMsAgo).toBeLessThan(60 * 60_000);
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
