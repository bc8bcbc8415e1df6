import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import {
  CLIP_RECORDING_TOASTS,
  ClipRecording,
  TIMESLICE_MS,
  type ClipRecordingDeps,
  type ClipRecordingOptions,
} from "./clip-recording.ts";
import { MemoryClipStore } from "./clip-store.ts";
import { FakeMediaRecorder, expectSameBytes } from "../../testing/recorder.ts";
import { bytesOf } from "../../testing/tus-server.ts";
import { activeRecordings } from "./runtime.ts";

const stream = { getTracks: () => [] } as unknown as MediaStream;

let store: MemoryClipStore;
let manager: { resume: Mock<(localId: string) => void>; cancel: Mock<(localId: string) => Promise<void>> };
let page: EventTarget;
let notify: Mock<NonNullable<ClipRecordingDeps["notify"]>>;
let online: boolean;
let kept: ((finalText: string) => void) | null;

beforeEach(() => {
  store = new MemoryClipStore();
  manager = { resume: vi.fn(), cancel: vi.fn(async () => undefined) };
  page = new EventTarget();
  notify = vi.fn();
  online = true;
  kept = null;
  FakeMediaRecorder.instances = [];
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  activeRecordings.clear();
});

function take(options: Partial<ClipRecordingOptions> = {}, deps: Partial<ClipRecordingDeps> = {}) {
  const events = { recording: vi.fn<(localId: string) => void>(), stopping: vi.fn(), ended: vi.fn() };
  const recording = new ClipRecording(
    {
      stream,
      userId: 7,
      showId: 3,
      shotId: 11,
      title: () => "Recording 1",
      onRecording: events.recording,
      onStopping: events.stopping,
      onEnded: events.ended,
      startTranscript: (keep) => {
        kept = keep;
        return { stop: () => "We built a raft" };
      },
      ...options,
    },
    {
      runtime: async () => ({ store, manager }),
      MediaRecorder: FakeMediaRecorder,
      page,
      isOnline: () => online,
      notify,
      ...deps,
    },
  );
  return { recording, events, media: () => FakeMediaRecorder.instances[0]! };
}

async function chunksOf(localId: string) {
  return new Uint8Array(await (await store.getChunksFrom(localId, 0)).arrayBuffer());
}

describe("ClipRecording", () => {
  it("starts: a device clip in 'recording', the recorder on a one-second timeslice, the upload loop and the transcript", async () => {
    const { recording, events, media } = take();
    expect(await recording.start()).toBe(true);
    const localId = recording.localId!;
    expect(media().state).toBe("recording");
    expect(media().timeslice).toBe(TIMESLICE_MS);
    expect(media().mimeType).toBe("video/webm;codecs=vp8,opus");
    expect(await store.getClip(localId)).toMatchObject({
      state: "recording",
      userId: 7,
      showId: 3,
      shotId: 11,
      title: "Recording 1",
      mimeType: "video/webm;codecs=vp8,opus",
    });
    expect(manager.resume).toHaveBeenCalledWith(localId);
    expect(events.recording).toHaveBeenCalledWith(localId);
    expect(activeRecordings.has(localId)).toBe(true);
    expect(recording.active).toBe(true);

    // The transcript's final words are kept on the device as they come.
    kept!("We built");
    await vi.waitFor(async () => expect((await store.getClip(localId))!.transcription).toBe("We built"));
  });

  it("writes the chunks in the order they came, each write finished before the next begins", async () => {
    const { recording, media } = take();
    await recording.start();
    const data = bytesOf(3000);
    const addChunk = store.addChunk.bind(store);
    let writing = 0;
    const delays = [30, 0, 10];
    vi.spyOn(store, "addChunk").mockImplementation(async (localId, blob) => {
      expect(writing).toBe(0);
      writing++;
      await new Promise((r) => setTimeout(r, delays.shift() ?? 0));
      writing--;
      return addChunk(localId, blob);
    });
    media().emit(data.subarray(0, 1000));
    media().emit(new Uint8Array(0));
    media().emit(data.subarray(1000, 2500));
    media().emit(data.subarray(2500));
    const clip = (await recording.stop())!;
    // The empty chunk was passed over.
    expect(store.addChunk).toHaveBeenCalledTimes(3);
    expect(clip.chunkCount).toBe(3);
    expectSameBytes(await chunksOf(clip.localId), data);
  });

  it("stop resolves with the finished clip: its size, transcript and end, uploading, and gives back what it held", async () => {
    const { recording, events, media } = take();
    await recording.start();
    const localId = recording.localId!;
    media().emit(bytesOf(1000));
    media().lastChunk = bytesOf(400, 2);
    const clip = await recording.stop();
    expect(events.stopping).toHaveBeenCalledTimes(1);
    expect(clip).toMatchObject({ localId, state: "uploading", totalBytes: 1400, recordedBytes: 1400, transcription: "We built a raft" });
    expect(clip!.endTime).not.toBeNull();
    expect(manager.resume).toHaveBeenCalledTimes(2);
    expect(events.ended).toHaveBeenCalledTimes(1);
    expect(activeRecordings.has(localId)).toBe(false);
    expect(recording.active).toBe(false);
    // A second stop changes nothing and answers the same.
    expect(await recording.stop()).toEqual(clip);
    expect(events.stopping).toHaveBeenCalledTimes(1);
  });

  it("stops as 'local' when offline, and keeps a transcript already stored when speech heard nothing more", async () => {
    online = false;
    const { recording, media } = take({ startTranscript: (keep) => ((kept = keep), { stop: () => "" }) });
    await recording.start();
    kept!("Hello lake");
    media().emit(bytesOf(500));
    const clip = await recording.stop();
    expect(clip).toMatchObject({ state: "local", totalBytes: 500, transcription: "Hello lake" });
  });

  it("drops a take with no bytes: the upload is cancelled and the clip removed", async () => {
    const { recording, events } = take();
    await recording.start();
    const localId = recording.localId!;
    expect(await recording.stop()).toBeNull();
    expect(manager.cancel).toHaveBeenCalledWith(localId);
    expect(await store.getClip(localId)).toBeNull();
    expect(events.ended).toHaveBeenCalledTimes(1);
  });

  it("hands over the part-second recorded so far when the page is hidden, and only while recording", async () => {
    const { recording, media } = take();
    await recording.start();
    const requestData = vi.spyOn(media(), "requestData");
    page.dispatchEvent(new Event("pagehide"));
    expect(requestData).toHaveBeenCalledTimes(1);
    media().emit(bytesOf(200));
    await recording.stop();
    page.dispatchEvent(new Event("pagehide"));
    expect(requestData).toHaveBeenCalledTimes(1);
  });

  it("rolls back when the recorder will not start: no clip, no listener, no mark, the camper told", async () => {
    class RefusingRecorder extends FakeMediaRecorder {
      override start() {
        throw new DOMException("not allowed", "NotSupportedError");
      }
    }
    const { recording, events, media } = take({}, { MediaRecorder: RefusingRecorder });
    expect(await recording.start()).toBe(false);
    expect(await store.listClips(7)).toEqual([]);
    expect(activeRecordings.size).toBe(0);
    expect(manager.resume).not.toHaveBeenCalled();
    expect(events.recording).not.toHaveBeenCalled();
    expect(events.ended).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(CLIP_RECORDING_TOASTS.permission);
    const requestData = vi.spyOn(media(), "requestData");
    media().state = "recording";
    page.dispatchEvent(new Event("pagehide"));
    expect(requestData).not.toHaveBeenCalled();
    expect(recording.active).toBe(false);
    expect(await recording.stop()).toBeNull();
  });

  it("says the device would not store it when the clip cannot be created, and makes nothing", async () => {
    vi.spyOn(store, "createClip").mockRejectedValue(new Error("QuotaExceededError"));
    const { recording, events } = take();
    expect(await recording.start()).toBe(false);
    expect(notify).toHaveBeenCalledWith(CLIP_RECORDING_TOASTS.noStorage);
    expect(events.ended).toHaveBeenCalledTimes(1);
    expect(activeRecordings.size).toBe(0);
  });

  it("says the camera could not start when the browser has no recorder for it", async () => {
    class NoRecorder extends FakeMediaRecorder {
      constructor(stream: unknown) {
        super(stream);
        throw new TypeError("MediaRecorder is not supported");
      }
    }
    const { recording } = take({}, { MediaRecorder: NoRecorder });
    expect(await recording.start()).toBe(false);
    expect(notify).toHaveBeenCalledWith(CLIP_RECORDING_TOASTS.permission);
    expect(await store.listClips(7)).toEqual([]);
  });

  it("stops when a chunk cannot be written, keeping what was written before", async () => {
    const { recording, events, media } = take();
    await recording.start();
    const first = bytesOf(700);
    const addChunk = store.addChunk.bind(store);
    let calls = 0;
    vi.spyOn(store, "addChunk").mockImplementation(async (localId, blob) => {
      if (++calls === 2) throw new DOMException("full", "QuotaExceededError");
      return addChunk(localId, blob);
    });
    media().emit(first);
    media().emit(bytesOf(300, 2));
    media().emit(bytesOf(300, 3));
    await vi.waitFor(() => expect(media().state).toBe("inactive"));
    expect(notify).toHaveBeenCalledWith(CLIP_RECORDING_TOASTS.outOfRoom);
    const clip = await recording.stop();
    // The write after the failed one was not tried.
    expect(calls).toBe(2);
    expect(clip).toMatchObject({ totalBytes: 700, state: "uploading" });
    expectSameBytes(await chunksOf(clip!.localId), first);
    expect(events.ended).toHaveBeenCalledTimes(1);
  });

  it("stops on a recorder error, and finishes the take even when the recorder's stop throws", async () => {
    const { recording, events, media } = take();
    await recording.start();
    media().emit(bytesOf(100));
    vi.spyOn(media(), "stop").mockImplementation(() => {
      throw new DOMException("bad state", "InvalidStateError");
    });
    media().onerror?.();
    expect(events.stopping).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(events.ended).toHaveBeenCalledTimes(1));
    expect(await store.getClip(recording.localId!)).toMatchObject({ state: "uploading", totalBytes: 100 });
  });
});
