/**
 * What an unsealed S3 key has so far, all of it in the bucket so any instance can continue:
 * `<key>.parts/upload-<id>` names the multipart upload, `part-<n>-<size>-<etag>` records each
 * uploaded part, and `tail-<n>` holds bytes that do not yet fill part n. Every name carries its
 * facts, so one LIST reads the whole state; a tail whose number is not the next part's is stale.
 */
export interface PartRecord {
  number: number;
  size: number;
  etag: string;
  key: string;
}

export interface WriteState {
  uploadId?: string;
  parts: PartRecord[];
  tail?: { number: number; size: number; key: string };
  /** Every state object, for clean-up. */
  keys: string[];
}

export const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
const unhex = (text: string) => Buffer.from(text, "hex").toString("utf8");
export const pad = (n: number) => String(n).padStart(5, "0");

export const stateKey = (key: string, name = "") => `${key}.parts/${name}`;

/** The multipart upload an `upload-<id>` marker names, or undefined for any other object. */
export function uploadOfMarker(objectKey: string): { key: string; uploadId: string } | undefined {
  const match = /^(.*)\.parts\/upload-([0-9a-f]+)$/.exec(objectKey);
  return match ? { key: match[1]!, uploadId: unhex(match[2]!) } : undefined;
}

/** Reads the state from a listing of `stateKey(key)`. */
export function parseWriteState(key: string, listing: { key: string; size: number }[]): WriteState {
  const state: WriteState = { parts: [], keys: [] };
  const tails: { number: number; size: number; key: string }[] = [];
  const parts: PartRecord[] = [];
  const prefix = stateKey(key);
  for (const item of listing) {
    state.keys.push(item.key);
    const name = item.key.slice(prefix.length);
    let match: RegExpExecArray | null;
    if ((match = /^upload-([0-9a-f]+)$/.exec(name))) state.uploadId = unhex(match[1]!);
    else if ((match = /^part-(\d+)-(\d+)-([0-9a-f]+)$/.exec(name)))
      parts.push({ number: Number(match[1]), size: Number(match[2]), etag: unhex(match[3]!), key: item.key });
    else if ((match = /^tail-(\d+)$/.exec(name))) tails.push({ number: Number(match[1]), size: item.size, key: item.key });
  }
  parts.sort((a, b) => a.number - b.number);
  // Only an unbroken run from part 1 counts; a record past a gap is left from a rewind.
  for (const part of parts) {
    if (part.number !== state.parts.length + 1) break;
    state.parts.push(part);
  }
  state.tail = tails.find((t) => t.number === state.parts.length + 1);
  return state;
}

export const partsBytes = (state: WriteState) => state.parts.reduce((sum, p) => sum + p.size, 0);
export const storedBytes = (state: WriteState) => partsBytes(state) + (state.tail?.size ?? 0);
