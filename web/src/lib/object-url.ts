/**
 * Object URLs for media the page plays from memory (a take still on the device, a voice sample,
 * captions). One place decides how they are made and let go.
 */

/**
 * How long a replaced URL outlives its use. A <video>, <audio> or <track> may start (or go on) loading
 * a moment after React has moved on to a new source, and a URL already revoked then fails to load
 * (Chromium logs net::ERR_FILE_NOT_FOUND and the element shows nothing). Holding the Blob a minute
 * longer costs a little memory, never a broken player.
 */
export const OBJECT_URL_GRACE_MS = 60_000;

/** A URL for the Blob, or null where the browser (or a test's DOM) has no object URLs. */
export function objectUrl(blob: Blob): string | null {
  return typeof URL.createObjectURL === "function" ? URL.createObjectURL(blob) : null;
}

/** Lets the URL go once nothing can still be loading it. */
export function releaseObjectUrl(url: string | null | undefined, afterMs = OBJECT_URL_GRACE_MS): void {
  if (!url || typeof URL.revokeObjectURL !== "function") return;
  setTimeout(() => URL.revokeObjectURL(url), afterMs);
}
