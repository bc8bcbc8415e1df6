import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { dismissToast } from "../../lib/toasts.ts";
import { createQueryClient } from "../../api/client.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { MemoryClipStore } from "./clip-store.ts";
import { Recorder } from "./Recorder.tsx";
import { FakeMediaRecorder, FakeRecognition, eventually, expectSameBytes, recordingSleep } from "../../testing/recorder.ts";
import { FakeTusServer, bytesOf } from "../../testing/tus-server.ts";
import { resetRecorderRuntime, resetRecovery } from "./runtime.ts";
import { UploadManager } from "./uploader.ts";
import { TIMESLICE_MS } from "./clip-recording.ts";
import { PERMISSION_ERROR } from "./recording-messages.ts";
import { RECORDING_CODE_ERROR, takeRecordingCode, videoConstraints } from "./use-recorder.ts";

const track = { stop: vi.fn(), readyState: "live" };
const fakeStream = { getTracks: () => [track] };
const getUserMedia = vi.fn(async () => fakeStream);

let queryClient = createQueryClient();

const politeText = () => document.querySelector('[data-announcer="polite"]')?.textContent?.trim() ?? "";

function wrapper(children: ReactNode) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <Announcer />
    </QueryClientProvider>
  );
}

let store: MemoryClipStore;
let server: FakeTusServer;

beforeEach(() => {
  queryClient = createQueryClient();
  FakeMediaRecorder.instances = [];
  FakeRecognition.instances = [];
  getUserMedia.mockClear();
  getUserMedia.mockImplementation(async () => fakeStream);
  vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => "blob:clip");
  URL.revokeObjectURL = vi.fn();
  store = new MemoryClipStore();
  server = new FakeTusServer();
  vi.stubGlobal("fetch", server.fetch);
  const manager = new UploadManager({ store, fetch: server.fetch, sleep: recordingSleep().sleep, locks: null });
  resetRecorderRuntime({ store, manager });
  resetRecovery();
});

afterEach(async () => {
  await act(async () => dismissToast());
  resetRecorderRuntime();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const recordButton = () => screen.getByRole("button", { name: /^(Start Recording|Record Another|Stop recording)$/ });
const rows = () => screen.queryAllByTestId("clip-row");

describe("Recorder", () => {
  it("records a clip: chunks to the device, uploaded while recording, saved at Stop with its transcript", async () => {
    const user = userEvent.setup();
    const onClipsChange = vi.fn<(clips: ClipItem[]) => void>();
    render(
      wrapper(
        <Recorder lengthSeconds={120} narration="We built a raft and it floated." userId={7} showId={null} onClipsChange={onClipsChange} />,
      ),
    );
    expect(recordButton().textContent).toBe("Start Recording");
    expect(screen.getByLabelText("Camera preview").tagName).toBe("VIDEO");

    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    // The camera is asked for the format's frame (16:9 here), the front one first.
    expect(getUserMedia).toHaveBeenCalledWith({ video: videoConstraints("16/9", "user"), audio: true });
    const media = FakeMediaRecorder.instances[0]!;
    expect(media.mimeType).toBe("video/webm;codecs=vp8,opus");
    expect(media.timeslice).toBe(TIMESLICE_MS);
    // A fixed name while recording; the time runs in the REC badge.
    await waitFor(() => expect(recordButton().textContent).toBe("Stop recording"));
    expect(screen.getByText("REC")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Teleprompter" }).textContent).toContain("We built a raft");
    await waitFor(() => expect(screen.getByText("Recording started. It stops by itself at 2:00.")).toBeTruthy());

    const speech = FakeRecognition.instances[0]!;
    expect([speech.continuous, speech.interimResults, speech.lang]).toEqual([true, true, "en-US"]);
    act(() => speech.say([{ text: "We built a raft", final: true }, { text: "and it", final: false }]));
    expect(screen.getByRole("group", { name: "Live transcript" }).textContent).toContain("We built a raft and it");

    const data = bytesOf(3000);
    act(() => media.emit(data.subarray(0, 1000)));
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("recording"));
    const localId = rows()[0]!.dataset.localId!;
    // Sent while still recording.
    await eventually(async () => expect((await store.getClip(localId))!.uploadedOffset).toBe(1000));
    act(() => media.emit(data.subarray(1000, 2000)));

    media.lastChunk = data.subarray(2000);
    await user.click(recordButton());
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
    expect(recordButton().textContent).toBe("Record Another");
    const [upload] = [...server.uploads.values()];
    expectSameBytes(upload!.data, data);
    expect(upload!.metadata.title).toBe("Recording 1");
    await eventually(() => expect([...server.clips.values()][0]!.transcription).toBe("We built a raft and it"));
    expect((await store.getChunksFrom(localId, 0)).size).toBe(0);
    await waitFor(() =>
      expect(onClipsChange).toHaveBeenLastCalledWith([expect.objectContaining({ localId, state: "saved", title: "Recording 1" })]),
    );
    expect(within(rows()[0]!).getByText("Saved")).toBeTruthy();
  });

  it("stops by itself at the chosen length", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(wrapper(<Recorder lengthSeconds={30} narration="" userId={7} showId={null} />));
    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe("recording"));
    await waitFor(() => expect(recordButton().textContent).toBe("Stop recording"));
    act(() => FakeMediaRecorder.instances[0]!.emit(bytesOf(500)));
    await act(async () => vi.advanceTimersByTime(7_100));
    expect(recordButton().textContent).toBe("Stop recording");
    expect(screen.getByText("0:07")).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(13_000));
    // A 30-second recording said when it stops at its start; the 10-second warning still comes.
    expect(politeText()).toBe("10 seconds left");
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(FakeMediaRecorder.instances[0]!.state).toBe("inactive");
    vi.useRealTimers();
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
    expect(screen.queryByRole("region", { name: "Teleprompter" })).toBeNull();
  });

  it("says so when the camera or microphone is refused, and records nothing", async () => {
    const user = userEvent.setup();
    getUserMedia.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await user.click(recordButton());
    expect(await screen.findAllByText(PERMISSION_ERROR)).not.toHaveLength(0);
    expect(recordButton().textContent).toBe("Start Recording");
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(await store.listClips(7)).toHaveLength(0);
    warn.mockRestore();
  });

  it("says so when the recording code cannot be fetched, records nothing, and the next Start records", async () => {
    const user = userEvent.setup();
    const load = vi.spyOn(takeRecordingCode, "load").mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await user.click(recordButton());
    expect(await screen.findAllByText(RECORDING_CODE_ERROR)).not.toHaveLength(0);
    expect(recordButton().textContent).toBe("Start Recording");
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(await store.listClips(7)).toHaveLength(0);
    load.mockRestore();
    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe("recording"));
  });

  it("records without a transcript where the browser has no speech recognition", async () => {
    vi.stubGlobal("webkitSpeechRecognition", undefined);
    const user = userEvent.setup();
    render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe("recording"));
    expect(screen.getByText(/can't write a live transcript/)).toBeTruthy();
    act(() => FakeMediaRecorder.instances[0]!.emit(bytesOf(800)));
    await user.click(recordButton());
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
  });

  it("recovers a take a closed tab left in 'recording' and uploads the recorded part", async () => {
    const left = await store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm", showId: null });
    const data = bytesOf(2500);
    await store.addChunk(left.localId, new Blob([data.slice(0, 1200)]));
    await store.addChunk(left.localId, new Blob([data.slice(1200)]));
    render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
    const clip = (await store.getClip(left.localId))!;
    expect(clip.totalBytes).toBe(2500);
    expectSameBytes([...server.uploads.values()][0]!.data, data);
    expect(recordButton().textContent).toBe("Record Another");
  });

  it("attaches loose clips to the show once it is saved, and saves the order after a keyboard reorder", async () => {
    // Two clips recorded before the story was saved, already on the server as loose clips.
    for (const n of [1, 2]) {
      const clip = await store.createClip({ userId: 7, title: `Recording ${n}`, mimeType: "video/webm", showId: null, position: n });
      await store.addChunk(clip.localId, new Blob([bytesOf(100 * n, n).slice()]));
      await store.updateClip(clip.localId, (c) => ({ state: "local", totalBytes: c.recordedBytes, endTime: c.startTime + 1000 }));
    }
    const { rerender } = render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await eventually(() => expect(rows().map((r) => r.dataset.state)).toEqual(["saved", "saved"]));
    expect(server.calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    rerender(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={5} />));
    await eventually(() => expect(server.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    const put = server.calls.find((c) => c.method === "PUT")!;
    expect(put.path).toBe("/api/recordings/5/clips");
    expect(put.json).toEqual({ clipIds: [100, 101] });
    await eventually(() => expect([...server.clips.values()].every((c) => c.showId === 5)).toBe(true));

    // Keyboard reorder: Recording 2 up to the top.
    const rects = vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const row = this.closest('[data-testid="clip-row"]');
      const index = row ? [...document.querySelectorAll('[data-testid="clip-row"]')].indexOf(row) : 0;
      return { x: 0, y: index * 60, top: index * 60, left: 0, right: 400, bottom: index * 60 + 60, width: 400, height: 60, toJSON: () => ({}) };
    });
    const user = userEvent.setup();
    await eventually(() => expect(rows()).toHaveLength(2));
    screen.getByRole("button", { name: "Reorder Recording 2" }).focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 3; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Space]");
    rects.mockRestore();
    await eventually(() => expect(server.calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === "PUT")[1]!.json).toEqual({ clipIds: [101, 100] });
    await eventually(() =>
      expect(rows().map((r) => within(r).getByText(/^Recording \d$/).textContent)).toEqual(["Recording 2", "Recording 1"]),
    );
  });

  it("removes a saved clip from the server and the device after confirming", async () => {
    const clip = await store.createClip({ userId: 7, title: "Recording 1", mimeType: "video/webm", showId: null });
    await store.addChunk(clip.localId, new Blob([bytesOf(100).slice()]));
    await store.updateClip(clip.localId, (c) => ({ state: "local", totalBytes: c.recordedBytes, endTime: c.startTime + 1000 }));
    const user = userEvent.setup();
    render(wrapper(<Recorder lengthSeconds={60} narration="" userId={7} showId={null} />));
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
    await user.click(screen.getByRole("button", { name: "Remove Recording 1" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await eventually(() => expect(rows()).toHaveLength(0));
    expect(server.calls.some((c) => c.method === "DELETE" && c.path === "/api/clips/100")).toBe(true);
    expect(await store.getClip(clip.localId)).toBeNull();
    expect(recordButton().textContent).toBe("Start Recording");
  });

  it("has no serious axe violations while recording with clips listed", async () => {
    const user = userEvent.setup();
    render(wrapper(<Recorder lengthSeconds={60} narration="Hello lake." userId={7} showId={null} />));
    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe("recording"));
    act(() => FakeMediaRecorder.instances[0]!.emit(bytesOf(100)));
    await eventually(() => expect(rows()).toHaveLength(1));
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
    await user.click(recordButton());
    await eventually(() => expect(rows()[0]?.dataset.state).toBe("saved"));
  });
});
