/**
 * idle: nothing changed yet; pending: a change waits for a pause; saving: a change is on its way;
 * saved: the server has everything; retrying: the last save failed (offline, server busy) and will be
 * tried again; failed: the server refused the change and retrying can't help.
 */
export type AutosaveStatus = "idle" | "pending" | "saving" | "saved" | "retrying" | "failed";

export interface AutosaveState {
  status: AutosaveStatus;
  /** The reason when status is "failed". */
  failure: string | null;
}

export interface AutosaveOptions<P> {
  /** What the server lacks now, or null when it has everything. */
  pending: () => P | null;
  /** Sends one patch; resolves once the server confirmed it (the caller keeps the answer). */
  send: (patch: P, options: { keepalive: boolean }) => Promise<void>;
  /** The reason a failed save shows. */
  describe: (error: unknown) => string;
  /** False while nothing can be sent yet (a story that does not exist on the server). */
  canSend?: () => boolean;
  /** Worth sending again after a pause; without it every failure is final. */
  retryable?: (error: unknown) => boolean;
  /** The pause before retry number `attempt` (from 0). */
  retryDelayMs?: (attempt: number) => number;
  /** Quiet time after the last change before it is sent. */
  delayMs?: number;
}

/** Quiet time after the last change before it is sent, on every screen that saves by itself. */
export const AUTOSAVE_DELAY_MS = 800;

/** Saves in a row for one flush at most: edits made while a save is on its way go in the next one. */
const MAX_ROUNDS = 20;

type Timer = ReturnType<typeof setTimeout>;

/**
 * Saves one thing without a save button: after a pause in changes, at once when asked (blur, Enter,
 * a button that needs the saved version), when the page is hidden or closed (a keepalive request, so
 * it arrives even if the page is gone), when the screen goes away, and again when the network comes
 * back. Writes run one after another, so two saves never race; a failed save is tried again with
 * growing pauses when the caller says it may help. Holds no React: a hook subscribes to its state.
 */
export class AutosaveEngine<P> {
  private state: AutosaveState = { status: "idle", failure: null };
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private running = 0;
  private failures = 0;
  private debounceTimer: Timer | null = null;
  private retryTimer: Timer | null = null;
  private retries = 0;
  private keepaliveBody: string | null = null;
  private detached = false;

  constructor(private readonly options: AutosaveOptions<P>) {}

  getState = (): AutosaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Something changed: it is saved after the quiet time, or at once with `immediate`. */
  changed = (options?: { immediate?: boolean }): void => {
    this.clearDebounce();
    if (!this.ready()) return;
    if (this.options.pending() === null) {
      // A change undone before it was sent: nothing waits any more.
      if (this.running === 0 && this.retryTimer === null && this.state.status !== "idle") this.set("saved");
      return;
    }
    if (this.retryTimer === null) this.set("pending");
    if (options?.immediate) {
      void this.flush();
      return;
    }
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.flush();
    }, this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  };

  /** Sends what is pending, after any write on its way; true once the server has everything. */
  flush = (): Promise<boolean> => {
    this.clearDebounce();
    const failuresBefore = this.failures;
    return this.run(async () => {
      // The save this one waited for failed: its retry (or the next change) sends the edits.
      if (this.failures !== failuresBefore) return false;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        if (!this.ready()) return false;
        const patch = this.options.pending();
        if (patch === null) {
          if (this.state.status !== "idle" || this.retryTimer !== null) this.set("saved");
          this.clearRetry();
          return true;
        }
        this.clearRetry();
        this.markSaving();
        try {
          await this.options.send(patch, { keepalive: false });
          this.retries = 0;
        } catch (error) {
          this.failures += 1;
          this.markFailed(error);
          return false;
        }
      }
      return this.options.pending() === null;
    });
  };

  /** Runs a write of the caller's own (a create, a save button) in turn with the autosaves. */
  run = <T>(task: () => Promise<T>): Promise<T> => {
    this.running += 1;
    const next = this.queue
      .catch(() => undefined)
      .then(task)
      .finally(() => {
        this.running -= 1;
      });
    this.queue = next;
    return next;
  };

  /** The page is hidden or closed: send what is pending with keepalive, once for the same edits. */
  sendKeepalive = (): void => {
    if (!this.ready()) return;
    const patch = this.options.pending();
    if (patch === null) return;
    this.clearDebounce();
    // visibilitychange and pagehide often come together: one request for the same edits.
    const body = JSON.stringify(patch);
    if (this.keepaliveBody === body) return;
    this.keepaliveBody = body;
    this.options
      .send(patch, { keepalive: true })
      .then(
        () => {
          this.retries = 0;
          this.markSettled();
        },
        (error: unknown) => this.markFailed(error),
      )
      .finally(() => {
        if (this.keepaliveBody === body) this.keepaliveBody = null;
      });
  };

  /**
   * Listens for the page being hidden or closed and the network coming back. The returned function
   * is for leaving the screen: it stops listening and the timers and sends what is pending.
   */
  attach = (): (() => void) => {
    this.detached = false;
    const onVisibility = () => {
      if (document.visibilityState === "hidden") this.sendKeepalive();
    };
    const onOnline = () => void this.flush();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", this.sendKeepalive);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", this.sendKeepalive);
      window.removeEventListener("online", onOnline);
      this.detached = true;
      this.clearDebounce();
      this.clearRetry();
      this.sendKeepalive();
    };
  };

  /** A write is on its way. */
  markSaving = (): void => this.set("saving");

  /** A write got through: saved, or pending when more changes came meanwhile. */
  markSettled = (): void => this.set(this.ready() && this.options.pending() !== null ? "pending" : "saved");

  /** A write failed: tried again later when that may help, else failed with the reason. */
  markFailed = (error: unknown): void => {
    if (this.detached) return;
    if (!this.options.retryable?.(error)) {
      this.set("failed", this.options.describe(error));
      return;
    }
    this.set("retrying");
    const delay = this.options.retryDelayMs?.(this.retries) ?? AUTOSAVE_DELAY_MS;
    this.retries += 1;
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  };

  private ready(): boolean {
    return this.options.canSend?.() ?? true;
  }

  private set(status: AutosaveStatus, failure: string | null = null) {
    if (this.detached) return;
    if (this.state.status === status && this.state.failure === failure) return;
    this.state = { status, failure };
    for (const listener of this.listeners) listener();
  }

  private clearDebounce() {
    if (this.debounceTimer !== null) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
  }

  private clearRetry() {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
