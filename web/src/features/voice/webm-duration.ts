/**
 * Chromium's MediaRecorder writes WebM for live streaming: the Segment has an unknown size and its
 * Info has no Duration, so players can't show the length or seek, and ffprobe reports no duration.
 * This adds a Duration to the Info element, measured while recording. Anything it doesn't
 * understand is returned unchanged.
 */

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
} as const;

/** Reads past this many bytes of the file: Info sits near the start. */
const HEAD_BYTES = 64 * 1024;

interface Vint {
  value: number;
  length: number;
  /** Every value bit set: "size unknown". */
  unknown: boolean;
}

function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): Vint | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  /** Offset of the ID. */
  start: number;
  /** Offset of the data. */
  dataStart: number;
  /** Data size; null when unknown. */
  size: number | null;
  sizeLength: number;
}

function readElement(bytes: Uint8Array, offset: number): Element | null {
  const id = readVint(bytes, offset, true);
  if (!id) return null;
  const size = readVint(bytes, offset + id.length, false);
  if (!size) return null;
  return {
    id: id.value,
    start: offset,
    dataStart: offset + id.length + size.length,
    size: size.unknown ? null : size.value,
    sizeLength: size.length,
  };
}

/** A size as an EBML variable-length integer of exactly `length` bytes, or null when it won't fit. */
function encodeSize(value: number, length: number): Uint8Array | null {
  if (length < 1 || length > 8 || value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

function readUint(bytes: Uint8Array, start: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[start + i]!;
  return value;
}

/** The file's bytes with a Duration of `durationMs` in its Info, or null when that can't be done. */
export function withWebmDuration(bytes: Uint8Array, durationMs: number): Uint8Array | null {
  if (!(durationMs > 0)) return null;
  const header = readElement(bytes, 0);
  if (!header || header.id !== ID.ebml || header.size === null) return null;
  const segment = readElement(bytes, header.dataStart + header.size);
  if (!segment || segment.id !== ID.segment) return null;

  // Find Info among the Segment's first children.
  let offset = segment.dataStart;
  let info: Element | null = null;
  for (let i = 0; i < 16 && offset < bytes.length; i++) {
    const child = readElement(bytes, offset);
    if (!child || child.size === null) return null;
    if (child.id === ID.info) {
      info = child;
      break;
    }
    offset = child.dataStart + child.size;
  }
  if (!info || info.size === null || info.dataStart + info.size > bytes.length) return null;

  let timecodeScale = 1_000_000;
  for (let at = info.dataStart; at < info.dataStart + info.size; ) {
    const child = readElement(bytes, at);
    if (!child || child.size === null) return null;
    if (child.id === ID.duration) return null; // already has one
    if (child.id === ID.timecodeScale && child.size >= 1 && child.size <= 6) {
      timecodeScale = readUint(bytes, child.dataStart, child.size) || timecodeScale;
    }
    at = child.dataStart + child.size;
  }

  // Duration: a 64-bit float, in TimecodeScale units.
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88], 0);
  new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / timecodeScale);

  const newInfoSize = info.size + duration.length;
  const infoSize = encodeSize(newInfoSize, info.sizeLength) ?? encodeSize(newInfoSize, 8);
  if (!infoSize) return null;
  const infoIdLength = info.dataStart - info.sizeLength - info.start;
  const infoEnd = info.dataStart + info.size;
  const growth = infoSize.length - info.sizeLength + duration.length;

  // A Segment of known size grows by as much; the usual live recording has an unknown size.
  let segmentSize: Uint8Array | null = null;
  if (segment.size !== null) {
    segmentSize = encodeSize(segment.size + growth, segment.sizeLength);
    if (!segmentSize) return null;
  }

  const out = new Uint8Array(bytes.length + growth);
  let at = 0;
  const put = (chunk: Uint8Array) => {
    out.set(chunk, at);
    at += chunk.length;
  };
  const segmentSizeStart = segment.dataStart - segment.sizeLength;
  if (segmentSize) {
    put(bytes.subarray(0, segmentSizeStart));
    put(segmentSize);
    put(bytes.subarray(segment.dataStart, info.start));
  } else {
    put(bytes.subarray(0, info.start));
  }
  put(bytes.subarray(info.start, info.start + infoIdLength));
  put(infoSize);
  put(bytes.subarray(info.dataStart, infoEnd));
  put(duration);
  put(bytes.subarray(infoEnd));
  return out;
}

/** `blob` with its WebM Duration set; the original when it isn't WebM or can't be fixed. */
export async function fixWebmDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!/webm|matroska/i.test(blob.type) || typeof blob.arrayBuffer !== "function") return blob;
  try {
    const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
    const fixedHead = withWebmDuration(head, durationMs);
    if (!fixedHead) return blob;
    return new Blob([fixedHead as BlobPart, blob.slice(HEAD_BYTES)], { type: blob.type });
  } catch {
    return blob;
  }
}
