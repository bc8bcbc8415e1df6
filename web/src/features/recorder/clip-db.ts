/** The device's clip store's IndexedDB database (clip-store.ts), named apart so the Create screen can look for it without the store's code. */
export const CLIP_DB_NAME = "summer-stories-clips";

/**
 * Whether this device may hold clips (takes still to upload, or a take cut off by a reload): its clip
 * database exists. The recorder's code then comes at once, as its start-up is what finishes those
 * uploads (LazyRecorder.tsx). Where the browser cannot list its databases, assume it may.
 */
export async function deviceMayHoldClips(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === CLIP_DB_NAME);
  } catch {
    return true;
  }
}
