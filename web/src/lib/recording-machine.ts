import { stopTracks } from "./media-recorder.ts";

/** idle -> starting -> recording -> stopping -> idle; starting goes back to idle when nothing could start. */
export type RecordingStatus = "idle" | "starting" | "recording" | "stopping";

export interface RecordingState {
  status: RecordingStatus;
  /** Whole seconds since the current (or last) take started recording. */
  elapsed: number;
  /** The camera or microphone, while open. */
  stream: MediaStream | null;
  /** True when the last try to open the camera or microphone failed. */
  streamFailed: boolean;
}

/** What the machine stops: the take in progress (its recorder, its writes). */
export interface Take {
  stop(): unknown;
}

export interface RecordingMachineOptions {
  /** Asks the browser for the camera or microphone; throws when it is refused or missing. */
  openStream: () => Promise<MediaStream>;
  /** Told why the stream could not be opened (the screen says so). */
  onStreamError?: (error: unknown) => void;
  /** Told about each stream opened. */
  onStreamOpened?: (stream: MediaStream) => void;
  /** Keep the stream open between takes (a camera preview); otherwise it closes when a take ends. */
  keepStream: boolean;
  /** The take stops by itself once this many seconds have passed (read at every tick). */
  limitSeconds: () => number;
  /** Never count past the limit (the count is the take's length). */
  capElapsed?: boolean;
}

/** How often the clock looks at the time while recording. */
export const RECORDING_TICK_MS = 250;

/**
 * One recording at a time from the camera or the microphone: its status and the steps between them,
 * the clock (seconds from the wall clock, so a throttled background tab still counts right) with the
 * automatic stop at the limit, and the stream (opened once and reused while live, closed when the
 * screen goes away). The take itself (MediaRecorder and what happens to its bytes) is the caller's:
 * it calls recording(), stopping() and ended() as the take goes. Holds no React.
 */
export class RecordingMachine {
  private state: RecordingState = { status: "idle", elapsed: 0, stream: null, streamFailed: false };
  private readonly listeners = new Set<() => void>();
  private take: Take | null = null;
  private clock: ReturnType<typeof setInterval> | null = null;
  private detached = false;

  constructor(private readonly options: RecordingMachineOptions) {}

  getState = (): RecordingState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** False once the screen went away: what a take finishes then is not shown. */
  get live(): boolean {
    return !this.detached;
  }

  /** The camera or microphone: the open one while it is live, else asked for; null when refused. */
  openStream = async (): Promise<MediaStream | null> => {
    const current = this.state.stream;
    if (current && current.getTracks().every((t) => t.readyState !== "ended")) return current;
    let stream: MediaStream;
    try {
      stream = await this.options.openStream();
    } catch (error) {
      this.options.onStreamError?.(error);
      this.set({ streamFailed: true });
      return null;
    }
    if (this.detached) {
      stopTracks(stream);
      return null;
    }
    this.set({ stream, streamFailed: false });
    this.options.onStreamOpened?.(stream);
    return stream;
  };

  /** Turns the camera or microphone off. */
  closeStream = (): void => {
    stopTracks(this.state.stream);
    this.set({ stream: null });
  };

  /** Opens the stream again (another camera, another frame); never mid-take. */
  reopenStream = (): void => {
    if (!this.state.stream || this.state.status !== "idle") return;
    this.closeStream();
    void this.openStream();
  };

  /** idle -> starting; false when a take is already under way. */
  begin = (): boolean => {
    if (this.state.status !== "idle") return false;
    this.set({ status: "starting", elapsed: 0 });
    return true;
  };

  /** The take that Stop (and the limit) stops, known once it exists. */
  attach = (take: Take): void => {
    this.take = take;
  };

  /** starting -> recording: the clock starts from 0, and stops the take at the limit. */
  recording = (): void => {
    this.set({ status: "recording", elapsed: 0 });
    this.stopClock();
    const startedAt = Date.now();
    this.clock = setInterval(() => {
      const limit = this.options.limitSeconds();
      const counted = Math.floor((Date.now() - startedAt) / 1000);
      const seconds = this.options.capElapsed ? Math.min(limit, counted) : counted;
      this.set({ elapsed: seconds });
      if (seconds >= limit) this.stop();
    }, RECORDING_TICK_MS);
  };

  /** Stop pressed, or the limit reached: the take is asked to stop. */
  stop = (): void => {
    this.stopClock();
    void this.take?.stop();
  };

  /** recording -> stopping: the take is finishing its last bytes. */
  stopping = (): void => {
    this.stopClock();
    this.set({ status: "stopping" });
  };

  /** -> idle: the take ended (or never started); the stream closes unless it is kept. */
  ended = (take?: Take): void => {
    this.stopClock();
    if (take === undefined || this.take === take) this.take = null;
    if (!this.options.keepStream) this.closeStream();
    this.set({ status: "idle" });
  };

  /** While on screen; the returned function is for leaving: the take stops and the stream closes. */
  connect = (): (() => void) => {
    this.detached = false;
    return () => {
      this.detached = true;
      this.stopClock();
      void this.take?.stop();
      stopTracks(this.state.stream);
      this.state = { ...this.state, stream: null };
    };
  };

  private stopClock() {
    if (this.clock !== null) clearInterval(this.clock);
    this.clock = null;
  }

  private set(change: Partial<RecordingState>) {
    if (this.detached) return;
    const next = { ...this.state, ...change };
    if ((Object.keys(change) as (keyof RecordingState)[]).every((key) => next[key] === this.state[key])) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
