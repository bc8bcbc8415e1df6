import { describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { clipFileName, mergeClips, nextRecordingTitle, stateLabel } from "./clip-items.ts";
import { newClipRecord, type LocalClip } from "../lib/clip-records.ts";
import { buildClip } from "../testing/builders.ts";

function local(title: string, extra: Partial<LocalClip> = {}): LocalClip {
  return { ...newClipRecord({ userId: 7, title, mimeType: "video/webm;codecs=vp8,opus", showId: null }), ...extra };
}

/** A clip only the server has (no showId unless told), 12.5 s long. */
const server = (id: number, extra: Partial<Clip> = {}): Clip =>
  buildClip(id, id, { showId: null, title: `Server ${id}`, durationSeconds: 12.5, downloadUrl: `/api/clips/${id}/download`, ...extra });

describe("mergeClips", () => {
  it("joins a saved device clip with its server copy, and lists server-only clips", () => {
    const a = local("Recording 1", { state: "saved", serverClipId: 5, savedAt: 1, position: 1 });
    const items = mergeClips([a], { showId: null, server: [server(5), server(6)], serverFetchedAt: 2, order: [] });
    expect(items.map((i) => [i.key, i.state, i.serverId, i.mediaUrl])).toEqual([
      [a.localId, "saved", 5, "/api/clips/5/media"],
      ["server-6", "saved", 6, "/api/clips/6/media"],
    ]);
    expect(items[0]!.durationSeconds).toBe(12.5);
  });

  it("always shows unfinished takes, whatever story they were recorded for", () => {
    const other = local("Recording 9", { state: "uploading", showId: 99, recordedBytes: 100, uploadedOffset: 42 });
    const items = mergeClips([other], { showId: 3, server: [], serverFetchedAt: 10, order: [] });
    expect(items).toHaveLength(1);
    expect(stateLabel(items[0]!)).toBe("Uploading 42 %");
  });

  it("shows a saved clip before the server lists it, hides one removed elsewhere, keeps loose ones for the new show", () => {
    const fresh = local("Recording 1", { state: "saved", serverClipId: 5, savedAt: 100 });
    const removedElsewhere = local("Recording 2", { state: "saved", serverClipId: 6, savedAt: 50, showId: 3 });
    const loose = local("Recording 3", { state: "saved", serverClipId: 7, savedAt: 200 });
    const otherShow = local("Recording 4", { state: "saved", serverClipId: 8, savedAt: 10, showId: 4 });
    expect(mergeClips([fresh], { showId: null, server: [], serverFetchedAt: 90, order: [] })).toHaveLength(1);
    expect(mergeClips([removedElsewhere], { showId: 3, server: [], serverFetchedAt: 90, order: [] })).toHaveLength(0);
    expect(mergeClips([loose], { showId: 3, server: [], serverFetchedAt: 900, order: [] })).toHaveLength(1);
    expect(mergeClips([otherShow], { showId: 3, server: [], serverFetchedAt: 0, order: [] })).toHaveLength(0);
  });

  it("orders by the camper's arrangement, then server positions, then recording time", () => {
    const a = local("Recording 1", { position: 1000, startTime: 1 });
    const b = local("Recording 2", { position: 2000, startTime: 2 });
    const natural = mergeClips([b, a], { showId: 3, server: [server(1, { position: 0 })], serverFetchedAt: 0, order: [] });
    expect(natural.map((i) => i.title)).toEqual(["Server 1", "Recording 1", "Recording 2"]);
    const arranged = mergeClips([b, a], {
      showId: 3,
      server: [server(1, { position: 0 })],
      serverFetchedAt: 0,
      order: [b.localId, "server-1"],
    });
    expect(arranged.map((i) => i.title)).toEqual(["Recording 2", "Server 1", "Recording 1"]);
  });

  it("keeps a take still uploading before a photo added after it and saved first", () => {
    const first = local("Recording 1", { state: "saved", serverClipId: 1, savedAt: 5, showId: 3, startTime: 1, position: 1 });
    const second = local("Recording 2", { state: "uploading", showId: 3, startTime: 2, position: 2, recordedBytes: 100, uploadedOffset: 50 });
    const photo = local("Lake", { state: "saved", serverClipId: 2, savedAt: 6, showId: 3, startTime: 3, position: 3, kind: "photo" });
    const list = [server(1, { showId: 3, position: 0 }), server(2, { showId: 3, position: 1, kind: "photo" })];
    const uploading = mergeClips([photo, second, first], { showId: 3, server: list, serverFetchedAt: 7, order: [] });
    expect(uploading.map((i) => i.title)).toEqual(["Recording 1", "Recording 2", "Lake"]);
    // Saved, before the server's list has it: still in its place (the order sent from the screen).
    const saved = { ...second, state: "saved" as const, serverClipId: 3, savedAt: 8 };
    expect(mergeClips([photo, saved, first], { showId: 3, server: list, serverFetchedAt: 7, order: [] }).map((i) => i.title)).toEqual(["Recording 1", "Recording 2", "Lake"]);
  });
});

describe("clip text", () => {
  it("numbers new clips past the highest 'Recording N' and the count", () => {
    expect(nextRecordingTitle([])).toBe("Recording 1");
    expect(nextRecordingTitle([{ title: "Recording 1" }, { title: "Recording 3" }])).toBe("Recording 4");
    expect(nextRecordingTitle([{ title: "Lake day" }, { title: "Dock" }])).toBe("Recording 3");
  });

  it("labels each state", () => {
    expect(stateLabel({ state: "local", progress: 0, error: null })).toBe("On this device");
    expect(stateLabel({ state: "uploading", progress: 42, error: null })).toBe("Uploading 42 %");
    expect(stateLabel({ state: "saved", progress: 100, error: null })).toBe("Saved");
    expect(stateLabel({ state: "failed", progress: 3, error: "Too big" })).toBe("Failed: Too big");
  });

  it("names downloads {title}.webm, safe for any file system, never .mov", () => {
    expect(clipFileName("Recording 2", "video/webm;codecs=vp8,opus")).toBe("Recording 2.webm");
    expect(clipFileName("a/b:c", "video/webm")).toBe("a b c.webm");
    expect(clipFileName("  ", "video/mp4")).toBe("Recording.mp4");
  });
});
