import { toast } from "../../lib/toasts.ts";
import { firstSupportedType, recordMedia, type MediaRecorderLike, type MediaRun } from "../../lib/media-recorder.ts";
import type { ClipStore, LocalClip } from "./clip-store.ts";
import { activeRecordings, getRecorderRuntime, holdRecordingLock } from "./runtime.ts";
import { PERMISSION_ERROR } from "./recording-messages.ts";
import type { LiveTranscript } from "./speech.ts";
import type { UploadManager } from "./uploader.ts";

/** About one second of video per chunk: a closed tab loses at most that. */
export const TIMESLICE_MS = 1000;

const MIME_CANDIDATES = [
  "video/webm;codecs=vp8,opus",
  "video/webm;codecs=vp9,opus",
  "video/webm",
  "video/mp4;codecs=avc1,mp4a",
  "video/mp4",
];

/** The first type this browser records; "" lets MediaRecorder choose. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string {
  return firstSupportedType(MIME_CANDIDATES, isTypeSupported);
}

/** What the camper is told when a take cannot start, or stops on its own. */
export const CLIP_RECORDING_TOASTS = {
  permission: { title: PERMISSION_ERROR, variant: "destructive" },
  noStorage: { title: "Failed to start recording", description: "This device would not store the recording.", variant: "destructive" },
  outOfRoom: {
    title: "Recording stopped",
    description: "This device ran out of room for the recording. What was recorded so far is kept.",
    variant: "destructive",
  },
} as const;

let persistenceAsked = false;

/** Asks the browser not to evict this site's storage (the takes) when the disk gets full. */
function askForPersistentStorage() {
  if (persistenceAsked || typeof navigator === "undefined" || !navigator.storage?.persist) return;
  persistenceAsked = true;
  navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => undefined);
}

/** The MediaRecorder a take needs: a run's part, plus the page-hide flush and its error event. */
export interface ClipMediaRecorder extends MediaRecorderLike {
  onerror: ((event: ErrorEvent) => void) | null;
  requestData(): void;
}

export interface ClipMediaRecorderClass {
  new (stream: MediaStream, options?: MediaRecorderOptions): ClipMediaRecorder;
  isTypeSupported(type: string): boolean;
}

type ToastInput = Parameters<typeof toast>[0];

/** What a take needs of the tab's runtime: the device store, and the upload loop to start and stop. */
export interface ClipRecordingRuntime {
  store: ClipStore;
  manager: Pick<UploadManager, "resume" | "cancel">;
}

export interface ClipRecordingDeps {
  /** The store and the upload manager (default: this tab's). */
  runtime?: () => Promise<ClipRecordingRuntime>;
  /** Default: the browser's MediaRecorder. */
  MediaRecorder?: ClipMediaRecorderClass;
  /** Where 'pagehide' is heard (default: window). */
  page?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  /** Default: navigator.onLine. */
  isOnline?: () => boolean;
  /** Default: the app's toast. */
  notify?: (message: ToastInput) => void;
}

export interface ClipRecordingOptions {
  stream: MediaStream;
  userId: number;
  showId: number | null;
  shotId: number | null;
  /** With no show yet: the story's draft key, so the take joins the story's show once it is saved. */
  draftKey?: string | null;
  /** The clip's title, read once the recorder is made. */
  title: () => string;
  /** Recording has begun (the upload loop is running); the transcript starts right after. */
  onRecording?: (localId: string) => void;
  /** Starts the live transcript; `keep` stores its final words on the device as they come. */
  startTranscript?: (keep: (finalText: string) => void) => LiveTranscript | null;
  /** Stop was asked for (by the camper, the time limit, or a recorder error). */
  onStopping?: () => void;
  /** The take is finished on the device (or was dropped as empty), or could not start. */
  onEnded?: () => void;
}

/**
 * One take of the camera: a MediaRecorder whose every chunk is written to the device store (the write
 * completed, in order) before anything else happens to it, while the upload loop sends what is there.
 * Stop fixes the clip's size and transcript; a take with no bytes is removed. Not React: the hook
 * (use-recorder.ts) keeps the screen's state.
 */
export class ClipRecording {
  private readonly deps: Required<Omit<ClipRecordingDeps, "MediaRecorder">> & Pick<ClipRecordingDeps, "MediaRecorder">;
  private recorder: ClipMediaRecorder | null = null;
  private run: MediaRun<LocalClip | null> | null = null;
  private runtime: ClipRecordingRuntime | null = null;
  private clipId: string | null = null;
  private releaseLock: () => void = () => undefined;
  /** Chunks are written one after another, in order; Stop's update goes last. */
  private writes: Promise<unknown> = Promise.resolve();
  private writeFailed = false;
  private speech: LiveTranscript | null = null;
  private readonly flush = () => {
    try {
      if (this.recorder?.state === "recording") this.recorder.requestData();
    } catch {
      // nothing to flush
    }
  };

  constructor(
    private readonly options: ClipRecordingOptions,
    deps: ClipRecordingDeps = {},
  ) {
    this.deps = {
      runtime: deps.runtime ?? getRecorderRuntime,
      MediaRecorder: deps.MediaRecorder,
      page: deps.page ?? window,
      isOnline: deps.isOnline ?? (() => navigator.onLine !== false),
      notify: deps.notify ?? toast,
    };
  }

  /** The device clip being recorded (null before the start). */
  get localId(): string | null {
    return this.clipId;
  }

  /** True while the recorder records. */
  get active(): boolean {
    return this.run?.active ?? false;
  }

  /**
   * Makes the recorder and the device clip and starts recording; false (after saying why, with
   * nothing left behind) when any step fails.
   */
  async start(): Promise<boolean> {
    let recorder: ClipMediaRecorder;
    let mimeType: string;
    try {
      this.runtime = await this.deps.runtime();
      // Read here: a browser without MediaRecorder fails this step like any refused start.
      const Recorder = this.deps.MediaRecorder ?? MediaRecorder;
      const chosen = pickMimeType((type) => Recorder.isTypeSupported(type));
      recorder = new Recorder(this.options.stream, chosen ? { mimeType: chosen } : undefined);
      mimeType = recorder.mimeType || chosen || "video/webm";
    } catch (error) {
      return this.fail(error, "permission");
    }
    const { store, manager } = this.runtime;
    const { userId, showId, shotId, draftKey, title } = this.options;
    try {
      this.clipId = (await store.createClip({ userId, title: title(), mimeType, showId, shotId, draftKey })).localId;
    } catch (error) {
      return this.fail(error, "noStorage");
    }
    const localId = this.clipId;
    askForPersistentStorage();
    activeRecordings.add(localId);
    this.releaseLock = holdRecordingLock(localId);
    this.recorder = recorder;
    this.run = recordMedia(recorder, { onChunk: (chunk) => this.write(chunk), onStop: () => this.finish() });
    recorder.onerror = () => void this.stop();
    // The tab is closing: hand over the part of the second recorded so far.
    this.deps.page.addEventListener("pagehide", this.flush);
    try {
      recorder.start(TIMESLICE_MS);
    } catch (error) {
      return this.fail(error, "permission");
    }
    manager.resume(localId);
    this.options.onRecording?.(localId);
    this.speech =
      this.options.startTranscript?.(
        // Keep the words on the device as they come, so a closed tab keeps them too.
        (finalText) => void store.updateClip(localId, { transcription: finalText }).catch(() => undefined),
      ) ?? null;
    return true;
  }

  /** Stops recording; resolves with the finished clip (null when nothing was recorded or it failed). */
  stop(): Promise<LocalClip | null> {
    if (!this.run) return Promise.resolve(null);
    if (this.run.active) this.options.onStopping?.();
    return this.run.stop();
  }

  private write(chunk: Blob) {
    const { store } = this.runtime!;
    const localId = this.clipId!;
    this.writes = this.writes.then(async () => {
      if (this.writeFailed) return;
      try {
        await store.addChunk(localId, chunk);
      } catch (error) {
        this.writeFailed = true;
        console.error(error);
        this.deps.notify(CLIP_RECORDING_TOASTS.outOfRoom);
        if (this.recorder?.state !== "inactive") this.recorder?.stop();
      }
    });
  }

  /** After the last chunk's write: the clip's final size and transcript, or no clip when nothing was recorded. */
  private finish(): Promise<LocalClip | null> {
    const { store, manager } = this.runtime!;
    const localId = this.clipId!;
    const text = this.speech?.stop() ?? "";
    const finished = this.writes.then(async () => {
      try {
        const final = await store.updateClip(localId, (c) => ({
          state: c.state === "recording" ? (this.deps.isOnline() ? "uploading" : "local") : c.state,
          totalBytes: c.recordedBytes,
          endTime: Date.now(),
          transcription: text || c.transcription,
        }));
        if (final.recordedBytes === 0) {
          await manager.cancel(localId);
          await store.deleteClip(localId);
          return null;
        }
        manager.resume(localId);
        return final;
      } catch (error) {
        console.error(error);
        return null;
      } finally {
        this.release();
        this.options.onEnded?.();
      }
    });
    this.writes = finished;
    return finished;
  }

  /**
   * The one way back from a start that failed midway: whatever was taken is given back (the page-hide
   * listener, the recording mark and lock, the device clip), the camper is told, and the take ends.
   */
  private async fail(error: unknown, reason: "permission" | "noStorage"): Promise<false> {
    if (reason === "noStorage") console.error(error);
    else console.warn("MediaRecorder could not start", error);
    this.deps.notify(CLIP_RECORDING_TOASTS[reason]);
    const localId = this.clipId;
    if (localId !== null) {
      this.release();
      this.recorder = null;
      this.run = null;
      await this.runtime?.store.deleteClip(localId).catch(() => undefined);
    }
    this.options.onEnded?.();
    return false;
  }

  /** Gives back what a recording holds while it runs. */
  private release() {
    this.deps.page.removeEventListener("pagehide", this.flush);
    if (this.clipId !== null) activeRecordings.delete(this.clipId);
    this.releaseLock();
    this.releaseLock = () => undefined;
  }
}
