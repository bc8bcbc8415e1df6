import { toast } from "../../lib/toasts.ts";
import { getClipStore, type ClipStore, type LocalClip } from "./clip-store.ts";
import { SIGNED_OUT_MESSAGE, getUploadManager, type UploadManager } from "./uploader.ts";

/**
 * The recorder's shared pieces in this tab: the device store, the one upload manager, the clips being
 * recorded right now, and the recovery of takes a closed tab or a reload left behind.
 */
export interface RecorderRuntime {
  store: ClipStore;
  manager: UploadManager;
}

let runtime: Promise<RecorderRuntime> | null = null;

export function getRecorderRuntime(): Promise<RecorderRuntime> {
  runtime ??= getClipStore().then((store) => ({
    store,
    manager: getUploadManager(store, {
      // One short toast says a save failed; the clip's row says what went wrong and offers Retry.
      onFailed: (clip) =>
        toast({ title: "Error", description: clip.kind === "photo" ? "Failed to save photo" : "Failed to save recording", variant: "destructive" }),
    }),
  }));
  return runtime;
}

/** Tests: start from a given store (or the default again with null). */
export function resetRecorderRuntime(value: RecorderRuntime | null = null) {
  runtime?.then(({ manager }) => manager.dispose()).catch(() => undefined);
  runtime = value ? Promise.resolve(value) : null;
}

/** Clips this tab is recording: recovery must never finalise them. */
export const activeRecordings = new Set<string>();

export const recordingLockName = (localId: string) => `summer-stories-recording:${localId}`;

function lockManager(): LockManager | null {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
}

/**
 * Holds a Web Lock while this tab records the clip, so another tab's recovery leaves it alone.
 * Returns the release.
 */
export function holdRecordingLock(localId: string): () => void {
  const locks = lockManager();
  if (!locks) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks.request(recordingLockName(localId), () => held).catch(() => undefined);
  return release;
}

/** Whether no tab is recording this clip any more (always true without Web Locks). */
async function recordingAbandoned(localId: string): Promise<boolean> {
  if (activeRecordings.has(localId)) return false;
  const locks = lockManager();
  if (!locks) return true;
  return locks.request(recordingLockName(localId), { ifAvailable: true }, (lock) => lock !== null);
}

/** Saved clips whose record is older than this are forgotten on the device (the server has them). */
const SAVED_RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const recovered = new Map<string, Promise<void>>();

/**
 * Once per camper per tab: a take left in "recording" by a closed tab or a reload becomes "local"
 * with the bytes on the device as its final size, and every unfinished clip's upload resumes.
 * Failed clips wait for the camper's Retry (the row offers it, and Download), except those refused only
 * because the session had ended.
 */
export function recoverUnfinished({ store, manager }: RecorderRuntime, userId: number): Promise<void> {
  const key = `${userId}`;
  let running = recovered.get(key);
  if (!running) {
    running = recover(store, manager, userId).catch((error: unknown) => {
      recovered.delete(key);
      console.error(error);
    });
    recovered.set(key, running);
  }
  return running;
}

/** Tests: let recovery run again. */
export function resetRecovery() {
  recovered.clear();
}

async function recover(store: ClipStore, manager: UploadManager, userId: number) {
  await manager.stopOthers(userId);
  const clips = await store.listClips(userId);
  for (const clip of clips) {
    if (clip.state === "saved") {
      // Chunks normally go right after the check; a tab closed in between leaves them here.
      await store.deleteChunks(clip.localId);
      if (clip.transcriptionSent || !clip.transcription?.trim()) {
        if (clip.savedAt !== null && Date.now() - clip.savedAt > SAVED_RECORD_TTL_MS) await store.deleteClip(clip.localId);
        continue;
      }
      manager.resume(clip.localId);
      continue;
    }
    if (clip.state === "recording") {
      if (!(await recordingAbandoned(clip.localId))) continue;
      if (clip.recordedBytes === 0) {
        await store.deleteClip(clip.localId);
        continue;
      }
      await store.updateClip(clip.localId, finaliseAbandoned);
    }
    if (clip.state !== "failed") manager.resume(clip.localId);
    // Refused only because the session had ended: the camper is signed in again now.
    else if (clip.error === SIGNED_OUT_MESSAGE) await manager.retry(clip.localId);
  }
}

/** The recorded part of an interrupted take is the clip: its size is what reached the device. */
export function finaliseAbandoned(clip: LocalClip) {
  return {
    state: "local" as const,
    totalBytes: clip.recordedBytes,
    // One chunk is about one second of video.
    endTime: clip.endTime ?? clip.startTime + clip.chunkCount * 1000,
  };
}
