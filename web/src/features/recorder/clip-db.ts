/**
 * The clip store's IndexedDB database: clip-store.ts's CLIP_DB_NAME, written here again because a
 * module both import would be one more tiny chunk on the shot list (LazyRecorder.test.tsx checks the two
 * are the same).
 */
export const CLIP_DATABASE = "summer-stories-clips";

/**
 * Whether this device may hold clips (takes still to upload, or a take cut off by a reload): its clip
 * database exists. The recorder's code then comes at once, as its start-up is what finishes those
 * uploads (LazyRecorder.tsx). Where the browser cannot list its databases, assume it may.
 */
export async function deviceMayHoldClips(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === CLIP_DATABASE);
  } catch {
    return true;
  }
}
