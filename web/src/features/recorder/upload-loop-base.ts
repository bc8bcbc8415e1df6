import type { UploadRequest } from "../../api/upload-calls.ts";
import type { ClipStore, LocalClip } from "./clip-store.ts";
import type { NetworkStatus } from "./network-status.ts";
import { StoppedError, TransientError } from "../../api/upload-errors.ts";

// The shell of one clip's upload loop: stopping it, waking it when there is more to send, and its
// requests (each with a timeout, aborted by Stop or when the laptop drops off the Wi-Fi).

const REQUEST_TIMEOUT_MS = 30_000;

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface UploaderDeps {
  store: ClipStore;
  fetch?: typeof fetch;
  network?: NetworkStatus;
  /** Waits `ms` or until `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Web Locks (one uploader per clip across tabs); absent in tests and old browsers. */
  locks?: LockManager | null;
  /** A clip the loop gave up on (the UI raises the "Failed to save recording" toast). */
  onFailed?: (clip: LocalClip) => void;
  onSaved?: (clip: LocalClip) => void;
}

/** The deps with the defaults filled in (UploadManager fills them). */
export type LoopDeps = Required<Omit<UploaderDeps, "onFailed" | "onSaved" | "locks">> &
  Pick<UploaderDeps, "onFailed" | "onSaved" | "locks">;

export type { UploadRequest } from "../../api/upload-calls.ts";

export class UploadLoopBase {
  protected readonly controller = new AbortController();
  private wakeUp: (() => void) | null = null;
  protected pendingWake = false;
  /** Aborts the request in flight when the laptop drops off the Wi-Fi. */
  protected inflight: AbortController | null = null;

  constructor(protected readonly deps: LoopDeps) {}

  get stopped() {
    return this.controller.signal.aborted;
  }

  stop() {
    this.controller.abort(new StoppedError("stopped"));
    this.wake();
  }

  /** New bytes, Stop, or the network came back: look again. */
  wake() {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  protected waitForWake(): Promise<void> {
    if (this.pendingWake || this.stopped) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.wakeUp = () => {
        this.wakeUp = null;
        this.pendingWake = false;
        resolve();
      };
    });
  }

  /**
   * Runs `loop` until it ends or Stop, under the clip's Web Lock when there are locks: another tab of
   * this camper may be sending this clip, and the lock hands it over when that tab closes.
   */
  protected start(localId: string, loop: () => Promise<void>): Promise<void> {
    const stopOffline = this.deps.network.onOffline(() => this.inflight?.abort(new TransientError("offline")));
    const locks = this.deps.locks;
    const locked = async () => {
      if (!locks) return loop();
      await locks.request(`summer-stories-upload:${localId}`, { signal: this.controller.signal }, loop);
    };
    return locked()
      .catch((error: unknown) => {
        if (!(error instanceof StoppedError) && !this.controller.signal.aborted) console.error(error);
      })
      .finally(stopOffline);
  }

  protected request: UploadRequest = async (url, init) => {
    const controller = new AbortController();
    this.inflight = controller;
    const onStop = () => controller.abort(this.controller.signal.reason);
    this.controller.signal.addEventListener("abort", onStop);
    const timer = setTimeout(() => controller.abort(new TransientError("timeout")), init.timeoutMs ?? REQUEST_TIMEOUT_MS);
    try {
      return await this.deps.fetch(url, { ...init, credentials: "include", signal: controller.signal });
    } catch (error) {
      if (this.stopped) throw new StoppedError("stopped");
      throw new TransientError(errorText(error));
    } finally {
      clearTimeout(timer);
      this.controller.signal.removeEventListener("abort", onStop);
      if (this.inflight === controller) this.inflight = null;
    }
  };
}
