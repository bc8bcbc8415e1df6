import { beforeEach, describe, expect, it } from "vitest";
import type { MemoryClipStore } from "./clip-store.ts";
import { bytesOf, metadataOf, type FakeTusServer } from "../../testing/tus-server.ts";
import { eventually, expectSameBytes } from "../../testing/recorder.ts";
import { json } from "../../testing/http.ts";
import { PIECE_BYTES, backoffDelay, sha256Hex, type UploadManager } from "./uploader.ts";
import { uploadManagerHarness } from "../../testing/uploader-harness.ts";

describe("UploadManager: sending a take", () => {
  const harness = uploadManagerHarness();
  const { saved, startClip, record, stop, state, uploadedData } = harness;
  let store: MemoryClipStore;
  let server: FakeTusServer;
  let manager: UploadManager;
  let network: ReturnType<typeof uploadManagerHarness>["h"]["network"];
  let sleeper: ReturnType<typeof uploadManagerHarness>["h"]["sleeper"];
  beforeEach(() => ({ store, server, manager, network, sleeper } = harness.h));

  it("creates a deferred-length upload, sends chunks while recording, declares the length at Stop, checks and lets go", async () => {
    const data = bytesOf(2_500_000);
    const id = await startClip();
    await eventually(() => expect(server.callsTo("POST")).toHaveLength(1));
    const create = server.callsTo("POST")[0]!;
    expect(create.headers.get("upload-defer-length")).toBe("1");
    expect(create.headers.get("upload-length")).toBeNull();
    // The take began just now: the upload says how long ago (a whole number of ms) with its title and type.
    const { begunMsAgo, ...metadata } = metadataOf(create.headers);
    expect(metadata).toEqual({ title: "Recording 1", filetype: "video/webm" });
    expect(begunMsAgo).toMatch(/^\d+$/);
    expect(Number(begunMsAgo)).toBeLessThan(60_000);

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

  it("sends the unsaved story's draft key with a take that has no show yet, so it can join the story's show", async () => {
    const draftKey = "0123456789abcdef0123456789abcdef";
    const id = await startClip({ draftKey });
    await record(id, bytesOf(1000));
    await stop(id);
    await manager.settled(id);
    expect(metadataOf(server.callsTo("POST")[0]!.headers)).toMatchObject({ title: "Recording 1", draftKey });
    expect((await state(id)).state).toBe("saved");
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
});
