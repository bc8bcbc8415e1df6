import { TUS_VERSION, UPLOAD_BEGUN, UPLOAD_DRAFT_KEY_METADATA } from "../../../../contracts/clips-constants.ts";
import { baseMimeType } from "./clip-store.ts";

/** The pure parts of the tus 1.0.0 client (uploader.ts): headers, metadata, backoff, checksums. */

export const UPLOADS_URL = "/api/uploads";
/** The most a PATCH carries: small enough to finish on weak camp Wi-Fi, big enough to keep up. */
export const PIECE_BYTES = 1024 * 1024;
export const BACKOFF = { initialMs: 500, maxMs: 15_000 } as const;

/** Base64 of the UTF-8 bytes (titles may hold any character; btoa alone takes Latin-1 only). */
export function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Upload-Metadata: "key base64,key base64"; empty values are left out. */
export function encodeMetadata(metadata: Record<string, string | number | null | undefined>): string {
  return Object.entries(metadata)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== "")
    .map(([key, value]) => `${key} ${base64Utf8(String(value))}`)
    .join(",");
}

export function createUploadHeaders({
  title,
  showId,
  shotId = null,
  mimeType,
  begunMsAgo = null,
  draftKey = null,
}: {
  title: string;
  showId: number | null;
  /** A take of a shot (record to the script): the server makes the clip that shot's take. */
  shotId?: number | null;
  mimeType: string;
  /** How long ago the camper began the section (UPLOAD_BEGUN): a take sent again keeps its place. */
  begunMsAgo?: number | null;
  /** With no show yet: the story's draft key (UPLOAD_DRAFT_KEY_METADATA), so the clip joins its show once saved. */
  draftKey?: string | null;
}): Record<string, string> {
  return {
    "Tus-Resumable": TUS_VERSION,
    "Upload-Defer-Length": "1",
    "Upload-Metadata": encodeMetadata({
      title,
      showId,
      shotId,
      filetype: baseMimeType(mimeType),
      [UPLOAD_BEGUN.metadataKey]: begunMsAgo,
      [UPLOAD_DRAFT_KEY_METADATA]: showId === null ? draftKey : null,
    }),
  };
}

export function patchHeaders({ offset, length }: { offset: number; length?: number | null }): Record<string, string> {
  return {
    "Tus-Resumable": TUS_VERSION,
    "Content-Type": "application/offset+octet-stream",
    "Upload-Offset": String(offset),
    ...(length !== undefined && length !== null ? { "Upload-Length": String(length) } : {}),
  };
}

/**
 * Delay before retry number `attempt` (0-based): doubling from 0.5 s, at most 15 s, with "equal
 * jitter" (half fixed, half random) so a cabin full of laptops doesn't retry in step.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(Math.max(BACKOFF.initialMs, ceiling / 2 + (random() * ceiling) / 2));
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(await blob.arrayBuffer()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function headerNumber(response: Response, name: string): number | null {
  const raw = response.headers.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

