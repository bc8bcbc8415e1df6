import { expect } from "vitest";

/** Test-only: the recorder's browser stand-ins (network, sleep, MediaRecorder, speech) and waits. */

/** Byte equality without a per-element deep compare (slow on megabytes). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array) {
  expect(actual.length).toBe(expected.length);
  const firstDifference = actual.findIndex((byte, i) => byte !== expected[i]);
  expect(firstDifference).toBe(-1);
}

/** navigator.onLine under the test's control, with the window events a browser fires. */
export function controlNetwork() {
  let online = true;
  const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  return {
    goOffline() {
      online = false;
      window.dispatchEvent(new Event("offline"));
    },
    goOnline() {
      online = true;
      window.dispatchEvent(new Event("online"));
    },
    restore() {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (descriptor) Object.defineProperty(Navigator.prototype, "onLine", descriptor);
    },
  };
}

/** A sleep that records each delay and resolves on the next macrotask (or when aborted). */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      delays.push(ms);
      if (signal.aborted) return resolve();
      // Long waits (the offline re-check) wait for the abort ('online' event) only.
      if (ms >= 30_000) {
        signal.addEventListener("abort", () => resolve());
        return;
      }
      setTimeout(resolve, 0);
    });
  return { sleep, delays };
}

/** Polls until `check` passes (real timers), or fails with its last error. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

// --- browser media fakes ------------------------------------------------------------------------

/** MediaRecorder as the recorder uses it: the test hands over chunks with emit(); stop() hands over `lastChunk`. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === "video/webm;codecs=vp8,opus" || type === "video/webm";
  state: "inactive" | "recording" = "inactive";
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: ((event: Event) => void) | null = null;
  onerror: (() => void) | null = null;
  /** Bytes handed over by stop() as the last chunk. */
  lastChunk: Uint8Array | null = null;
  constructor(
    readonly stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? "";
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = "recording";
    this.timeslice = timeslice;
  }
  emit(bytes: Uint8Array) {
    this.ondataavailable?.({ data: new Blob([bytes.slice()]) });
  }
  requestData() {}
  stop() {
    if (this.state === "inactive") return;
    this.state = "inactive";
    if (this.lastChunk) this.emit(this.lastChunk);
    this.onstop?.(new Event("stop"));
  }
}

/** The browser's speech recognition: say() hands over results as Chrome does. */
export class FakeRecognition {
  static instances: FakeRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = "";
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = 0;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started++;
  }
  stop() {}
  abort() {}
  say(results: { text: string; final: boolean }[]) {
    const list = results.map((r) => Object.assign([{ transcript: r.text }], { isFinal: r.final }));
    this.onresult?.({ resultIndex: 0, results: list });
  }
}
