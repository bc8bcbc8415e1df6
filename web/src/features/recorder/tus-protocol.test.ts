import { describe, expect, it } from "vitest";
import { uploadPercent } from "../../lib/clip-records.ts";
import { backoffDelay, base64Utf8, createUploadHeaders, encodeMetadata, patchHeaders } from "./tus-protocol.ts";

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

  it("says how long ago the section began, when told", () => {
    const headers = createUploadHeaders({ title: "Recording 3", showId: null, mimeType: "video/mp4", begunMsAgo: 65_000 });
    expect(headers["Upload-Metadata"]).toBe(`title ${btoa("Recording 3")},filetype ${btoa("video/mp4")},begunMsAgo ${btoa("65000")}`);
  });

  it("names the unsaved story a clip was begun for, and only while the clip has no show", () => {
    const loose = createUploadHeaders({ title: "Recording 1", showId: null, mimeType: "video/webm", draftKey: "d".repeat(32) });
    expect(loose["Upload-Metadata"]).toBe(`title ${btoa("Recording 1")},filetype ${btoa("video/webm")},draftKey ${btoa("d".repeat(32))}`);
    const onShow = createUploadHeaders({ title: "Recording 2", showId: 9, mimeType: "video/webm", draftKey: "d".repeat(32) });
    expect(onShow["Upload-Metadata"]).toBe(`title ${btoa("Recording 2")},showId ${btoa("9")},filetype ${btoa("video/webm")}`);
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
