import { describe, expect, it } from "vitest";
import { fixWebmDuration, withWebmDuration } from "./webm-duration.ts";

/** EBML element: id bytes, a size, then data. */
function el(id: number[], data: number[], size?: number[]): number[] {
  const sizeBytes = size ?? [0x80 | data.length];
  return [...id, ...sizeBytes, ...data];
}

const EBML_HEADER = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], [0x77, 0x65, 0x62, 0x6d])); // DocType "webm"
const TIMECODE_SCALE = el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]); // 1,000,000
const MUXING_APP = el([0x4d, 0x80], [0x43, 0x68]); // "Ch"
const INFO = el([0x15, 0x49, 0xa9, 0x66], [...TIMECODE_SCALE, ...MUXING_APP]);
const CLUSTER = el([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00], [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/** A WebM as Chromium's MediaRecorder starts it: a Segment of unknown size, Info without Duration. */
function liveWebm(): Uint8Array {
  return new Uint8Array([...EBML_HEADER, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...INFO, ...CLUSTER]);
}

function findDuration(bytes: Uint8Array): number | null {
  for (let i = 0; i + 11 <= bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) {
      return new DataView(bytes.buffer, bytes.byteOffset + i + 3, 8).getFloat64(0);
    }
  }
  return null;
}

describe("withWebmDuration", () => {
  it("adds a Duration (in TimecodeScale units) to the Info of a live WebM and grows Info's size", () => {
    const input = liveWebm();
    const out = withWebmDuration(input, 12_345)!;
    expect(out).not.toBeNull();
    expect(out.length).toBe(input.length + 11);
    expect(findDuration(out)).toBe(12_345);
    // Info's size byte (1-byte form) grew by the Duration element; everything after is unchanged.
    const infoAt = EBML_HEADER.length + 12;
    expect(out[infoAt + 4]).toBe(0x80 | (INFO.length - 5 + 11));
    expect(Array.from(out.subarray(out.length - CLUSTER.length))).toEqual(CLUSTER);
  });

  it("grows a Segment of known size by as much", () => {
    const body = [...INFO, ...CLUSTER];
    const input = new Uint8Array([...EBML_HEADER, 0x18, 0x53, 0x80, 0x67, 0x40 | 0, body.length, ...body]);
    const out = withWebmDuration(input, 1000)!;
    const sizeAt = EBML_HEADER.length + 4;
    expect(((out[sizeAt]! & 0x3f) << 8) | out[sizeAt + 1]!).toBe(body.length + 11);
  });

  it("leaves a file that already has a Duration, or isn't WebM, alone", () => {
    const withDuration = withWebmDuration(liveWebm(), 5000)!;
    expect(withWebmDuration(withDuration, 9000)).toBeNull();
    expect(withWebmDuration(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0]), 1000)).toBeNull();
    expect(withWebmDuration(liveWebm(), 0)).toBeNull();
    expect(withWebmDuration(liveWebm().subarray(0, 30), 1000)).toBeNull();
  });
});

describe("fixWebmDuration", () => {
  it("returns a WebM blob with the duration written in, and other blobs as they are", async () => {
    const fixed = await fixWebmDuration(new Blob([liveWebm() as BlobPart], { type: "audio/webm;codecs=opus" }), 2500);
    expect(fixed.type).toBe("audio/webm;codecs=opus");
    expect(findDuration(new Uint8Array(await fixed.arrayBuffer()))).toBe(2500);

    const wav = new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: "audio/wav" });
    expect(await fixWebmDuration(wav, 2500)).toBe(wav);
  });
});
