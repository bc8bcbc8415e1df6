import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  MemoryClipStore,
  assembleRange,
  canTransition,
  extensionFor,
  isUnfinished,
  newClipRecord,
  transition,
  type ClipState,
} from "./clip-store.ts";

async function bytes(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

function chunksOf(sizes: number[]) {
  let offset = 0;
  let value = 0;
  return sizes.map((size) => {
    const data = Uint8Array.from({ length: size }, () => value++ & 0xff);
    const chunk = { offset, blob: new Blob([data]) };
    offset += size;
    return chunk;
  });
}

describe("assembleRange", () => {
  it("assembles bytes across chunk boundaries from any offset", async () => {
    const chunks = chunksOf([3, 4, 5]); // bytes 0..11
    expect(await bytes(assembleRange(chunks, 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await bytes(assembleRange(chunks, 2, 3))).toEqual([2, 3, 4]);
    expect(await bytes(assembleRange(chunks, 3, 4))).toEqual([3, 4, 5, 6]);
    expect(await bytes(assembleRange(chunks, 6, 100))).toEqual([6, 7, 8, 9, 10, 11]);
    expect(await bytes(assembleRange(chunks, 12))).toEqual([]);
    expect(await bytes(assembleRange([...chunks].reverse(), 1, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("refuses a damaged copy rather than skipping bytes", () => {
    const [a, , c] = chunksOf([3, 4, 5]);
    expect(() => assembleRange([a!, c!], 0)).toThrow(/missing bytes 3-6/);
    expect(() => assembleRange([a!], -1)).toThrow(RangeError);
  });

  it("matches slicing the whole, for any chunking and range", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 8 }),
        fc.nat(60),
        fc.integer({ min: 0, max: 60 }),
        async (sizes, from, max) => {
          const chunks = chunksOf(sizes);
          const total = sizes.reduce((a, b) => a + b, 0);
          const whole = Array.from({ length: total }, (_, i) => i & 0xff);
          expect(await bytes(assembleRange(chunks, from, max))).toEqual(whole.slice(from, from + max));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("clip states", () => {
  const states: ClipState[] = ["recording", "local", "uploading", "saved", "failed"];

  it("allows the product's transitions only", () => {
    const allowed = new Set([
      "recording>local",
      "recording>uploading",
      "recording>failed",
      "local>uploading",
      "local>failed",
      "uploading>local",
      "uploading>saved",
      "uploading>failed",
      "failed>local",
      "failed>uploading",
    ]);
    for (const from of states) {
      for (const to of states) {
        expect(canTransition(from, to), `${from}>${to}`).toBe(from === to || allowed.has(`${from}>${to}`));
      }
    }
    expect(() => transition("saved", "uploading")).toThrow(/saved to uploading/);
    expect(() => transition("recording", "saved")).toThrow();
  });

  it("counts a saved clip with an unsent transcript as unfinished", () => {
    const clip = newClipRecord({ userId: 1, title: "Recording 1", mimeType: "video/webm", showId: null });
    expect(isUnfinished(clip)).toBe(true);
    expect(isUnfinished({ ...clip, state: "saved" })).toBe(false);
    expect(isUnfinished({ ...clip, state: "saved", transcription: "hi" })).toBe(true);
    expect(isUnfinished({ ...clip, state: "saved", transcription: "hi", transcriptionSent: true })).toBe(false);
    expect(isUnfinished({ ...clip, state: "failed" })).toBe(true);
  });

  it("names files after their bytes: .webm, or .mp4 for MP4, never .mov", () => {
    expect(extensionFor("video/webm;codecs=vp8,opus")).toBe("webm");
    expect(extensionFor("video/mp4")).toBe("mp4");
    expect(extensionFor("")).toBe("webm");
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor("image/png")).toBe("png");
    expect(extensionFor("image/heic")).toBe("heic");
  });
});

describe("MemoryClipStore", () => {
  it("appends chunks at the clip's end, counts bytes, assembles and deletes them", async () => {
    const store = new MemoryClipStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const clip = await store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm", showId: null });
    expect(clip).toMatchObject({ state: "recording", recordedBytes: 0, totalBytes: null, uploadedOffset: 0 });
    await store.addChunk(clip.localId, new Blob([new Uint8Array([1, 2, 3])]));
    expect(await store.addChunk(clip.localId, new Blob([]))).toMatchObject({ recordedBytes: 3, chunkCount: 1 });
    const after = await store.addChunk(clip.localId, new Blob([new Uint8Array([4, 5])]));
    expect(after).toMatchObject({ recordedBytes: 5, chunkCount: 2 });
    expect(await bytes(await store.getChunksFrom(clip.localId, 0))).toEqual([1, 2, 3, 4, 5]);
    expect(await bytes(await store.getChunksFrom(clip.localId, 2))).toEqual([3, 4, 5]);
    expect(await bytes(await store.getChunksFrom(clip.localId, 1, 3))).toEqual([2, 3, 4]);
    expect(listener).toHaveBeenCalledTimes(3);

    await expect(store.updateClip(clip.localId, { state: "saved" })).rejects.toThrow();
    await store.updateClip(clip.localId, (c) => ({ state: "local", totalBytes: c.recordedBytes }));
    expect(await store.listUnfinished(7)).toHaveLength(1);
    expect(await store.listUnfinished(8)).toHaveLength(0);
    await store.deleteChunks(clip.localId);
    expect((await store.getChunksFrom(clip.localId, 0)).size).toBe(0);
    await store.deleteClip(clip.localId);
    expect(await store.getClip(clip.localId)).toBeNull();
    expect(listener).toHaveBeenLastCalledWith({ localId: clip.localId, clip: null });
  });
});
