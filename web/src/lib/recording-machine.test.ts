import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECORDING_TICK_MS, RecordingMachine, type RecordingMachineOptions } from "./recording-machine.ts";

/** A stream whose tracks say whether they were stopped. */
function fakeStream() {
  const track = { readyState: "live" as MediaStreamTrackState, stop: vi.fn(() => (track.readyState = "ended")) };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function setup(options: Partial<RecordingMachineOptions> = {}) {
  const opened: ReturnType<typeof fakeStream>[] = [];
  const machine = new RecordingMachine({
    openStream: async () => {
      const made = fakeStream();
      opened.push(made);
      return made.stream;
    },
    keepStream: true,
    limitSeconds: () => 10,
    ...options,
  });
  const disconnect = machine.connect();
  /** A take that reports stopping and ending the way a recorder does. */
  const take = { stop: vi.fn(() => machine.stopping()) };
  return { machine, opened, take, disconnect, status: () => machine.getState().status };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("RecordingMachine", () => {
  it("goes idle -> starting -> recording -> stopping -> idle", async () => {
    const { machine, take, status } = setup();
    expect(machine.begin()).toBe(true);
    expect(status()).toBe("starting");
    expect(await machine.openStream()).not.toBeNull();
    machine.attach(take);
    machine.recording();
    expect(status()).toBe("recording");
    machine.stop();
    expect(take.stop).toHaveBeenCalledOnce();
    expect(status()).toBe("stopping");
    machine.ended(take);
    expect(status()).toBe("idle");
  });

  it("refuses a second start while a take is under way", () => {
    const { machine } = setup();
    expect(machine.begin()).toBe(true);
    expect(machine.begin()).toBe(false);
    machine.recording();
    expect(machine.begin()).toBe(false);
  });

  it("goes back to idle when nothing could start", () => {
    const { machine, status } = setup();
    machine.begin();
    machine.ended();
    expect(status()).toBe("idle");
    expect(machine.begin()).toBe(true);
  });

  it("counts whole seconds from the clock and stops the take by itself at the limit", async () => {
    const { machine, take } = setup({ limitSeconds: () => 3 });
    machine.begin();
    machine.attach(take);
    machine.recording();
    await vi.advanceTimersByTimeAsync(2 * 1000);
    expect(machine.getState().elapsed).toBe(2);
    expect(take.stop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.getState().elapsed).toBe(3);
    expect(take.stop).toHaveBeenCalledOnce();
    // The clock stopped with the take.
    await vi.advanceTimersByTimeAsync(5000);
    expect(take.stop).toHaveBeenCalledOnce();
    expect(machine.getState().elapsed).toBe(3);
  });

  it("counts from the wall clock, so a tick that comes late still counts right", async () => {
    const { machine, take } = setup({ limitSeconds: () => 60 });
    machine.begin();
    machine.attach(take);
    machine.recording();
    vi.setSystemTime(Date.now() + 7_400);
    await vi.advanceTimersByTimeAsync(RECORDING_TICK_MS);
    expect(machine.getState().elapsed).toBe(7);
  });

  it("never counts past the limit when asked to cap", async () => {
    const { machine, take } = setup({ limitSeconds: () => 2, capElapsed: true });
    machine.begin();
    machine.attach(take);
    machine.recording();
    vi.setSystemTime(Date.now() + 5_000);
    await vi.advanceTimersByTimeAsync(RECORDING_TICK_MS);
    expect(machine.getState().elapsed).toBe(2);
    expect(take.stop).toHaveBeenCalledOnce();
  });

  it("starts each take's count from 0", async () => {
    const { machine, take } = setup();
    machine.begin();
    machine.recording();
    await vi.advanceTimersByTimeAsync(2000);
    machine.stopping();
    machine.ended(take);
    machine.begin();
    expect(machine.getState().elapsed).toBe(0);
  });

  it("reuses a live camera, keeps it between takes, and opens it again when asked", async () => {
    const { machine, opened } = setup();
    const first = await machine.openStream();
    expect(await machine.openStream()).toBe(first);
    machine.begin();
    machine.recording();
    machine.stopping();
    machine.ended();
    expect(machine.getState().stream).toBe(first);
    machine.reopenStream();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]!.track.stop).toHaveBeenCalled();
    expect(opened).toHaveLength(2);
    expect(machine.getState().stream).toBe(opened[1]!.stream);
  });

  it("never opens the camera again mid-take", async () => {
    const { machine, opened } = setup();
    await machine.openStream();
    machine.begin();
    machine.reopenStream();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.track.stop).not.toHaveBeenCalled();
  });

  it("frees a microphone that is not kept when the take ends", async () => {
    const { machine, opened } = setup({ keepStream: false });
    machine.begin();
    await machine.openStream();
    machine.recording();
    machine.ended();
    expect(opened[0]!.track.stop).toHaveBeenCalled();
    expect(machine.getState().stream).toBeNull();
  });

  it("says the stream failed, and why, when the browser refuses it", async () => {
    const onStreamError = vi.fn();
    const refusal = new DOMException("denied", "NotAllowedError");
    const { machine } = setup({ openStream: () => Promise.reject(refusal), onStreamError });
    expect(await machine.openStream()).toBeNull();
    expect(onStreamError).toHaveBeenCalledWith(refusal);
    expect(machine.getState().streamFailed).toBe(true);
  });

  it("leaving stops the take and the clock and frees the camera", async () => {
    const { machine, opened, take, disconnect } = setup();
    await machine.openStream();
    machine.begin();
    machine.attach(take);
    machine.recording();
    disconnect();
    expect(take.stop).toHaveBeenCalledOnce();
    expect(opened[0]!.track.stop).toHaveBeenCalled();
    expect(machine.live).toBe(false);
  });

  it("closes at once a stream that arrives after leaving", async () => {
    let answer!: (stream: MediaStream) => void;
    const late = fakeStream();
    const { machine, disconnect } = setup({ openStream: () => new Promise((resolve) => (answer = resolve)) });
    const opening = machine.openStream();
    disconnect();
    answer(late.stream);
    expect(await opening).toBeNull();
    expect(late.track.stop).toHaveBeenCalled();
  });

  it("lets the ending of an older take leave the current one alone", () => {
    const { machine, take } = setup();
    const older = { stop: vi.fn() };
    machine.begin();
    machine.attach(take);
    machine.ended(older);
    machine.stop();
    expect(take.stop).toHaveBeenCalledOnce();
  });
});
