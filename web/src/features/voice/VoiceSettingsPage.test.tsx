import { act, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toasts.ts";
import { renderAt } from "../../testing/render.tsx";
import { buildVoiceSample, removeMicrophone, stubMediaApis, stubMicrophone } from "../../testing/voice.ts";
import { json, mockApi, type ApiCall } from "../../testing/http.ts";
import { useVoiceRecorder } from "./use-voice-recorder.ts";
import { VoiceSettingsPage } from "./VoiceSettingsPage.tsx";

beforeEach(() => {
  // Expected microphone failures are logged with console.warn; keep the output clean.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  dismissToast();
  removeMicrophone();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve({ sample = null, save }: { sample?: ReturnType<typeof buildVoiceSample> | null; save?: (call: ApiCall) => Response } = {}) {
  let current = sample;
  return mockApi((call) => {
    if (call.path === "/api/voice/sample" && call.method === "GET") {
      return json(current ?? null);
    }
    if (call.path === "/api/voice/sample" && call.method === "DELETE") {
      current = null;
      return new Response(null, { status: 204 });
    }
    if (call.path === "/api/voice/save-sample" && call.method === "POST") {
      const answer = save?.(call);
      if (answer) return answer;
      current = buildVoiceSample({ durationSeconds: 3, createdAt: "2025-07-03T09:00:00.000Z" });
      return json(current, 201);
    }
    return undefined;
  });
}

function renderPage() {
  return renderAt("/voice-settings", <VoiceSettingsPage />);
}

async function recordOnce(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Start recording" }));
  const stop = await screen.findByRole("button", { name: "Stop recording" });
  expect(screen.getByTestId("recording-elapsed").textContent).toBe("0:00");
  await user.click(stop);
  return screen.findByRole("button", { name: "Save voice sample" });
}

describe("Voice settings", () => {
  it("explains the advice, where the sample goes, and that custom voice training is not yet available", async () => {
    serve();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Voice settings" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/record at least 30 seconds, in a quiet place/)).toBeTruthy();
    expect(screen.getByText(/stays on the camp's server/)).toBeTruthy();
    expect(screen.getByText(/never sent to any other company or website unless you choose/)).toBeTruthy();
    expect(screen.getByText(/Custom voice training is not yet available/)).toBeTruthy();
    expect(await screen.findByText("You haven't saved a voice sample yet.")).toBeTruthy();
  });

  it("records with the microphone, plays it back, and saves it as multipart field voiceSample", async () => {
    const media = stubMediaApis();
    const mic = stubMicrophone();
    const { callsTo } = serve();
    const user = userEvent.setup();
    renderPage();

    const save = await recordOnce(user);
    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(mic.instances[0]?.mimeType).toBe("audio/webm;codecs=opus");
    expect(mic.trackStop).toHaveBeenCalled();
    expect(screen.getByTestId("new-recording-audio").getAttribute("src")).toBe("blob:test-1");
    expect(screen.getByTestId("recording-status").textContent).toMatch(/Recorded 0:0\d\. Play it back, then save it\./);

    await user.click(save);
    expect(await screen.findByText("Voice sample saved")).toBeTruthy();
    const [post] = callsTo("POST", "/api/voice/save-sample");
    expect(post?.body).toBeInstanceOf(FormData);
    const file = (post!.body as FormData).get("voiceSample");
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe("sample.webm");
    expect((file as File).type).toBe("audio/webm;codecs=opus");

    // The saved sample replaces the unsaved one, with its own player.
    const saved = await screen.findByTestId("saved-sample-audio");
    expect(saved.getAttribute("src")).toContain("/api/voice/sample/media");
    expect(screen.queryByTestId("new-recording-audio")).toBeNull();
    expect(screen.getByRole("button", { name: "Record again" })).toBeTruthy();
    media.restore();
  });

  it("toasts 'Failed to save voice sample' with the server's message", async () => {
    stubMediaApis();
    stubMicrophone();
    serve({ save: () => json({ message: "Voice samples can be at most 30 seconds" }, 400) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await recordOnce(user));
    expect(await screen.findByText("Failed to save voice sample")).toBeTruthy();
    expect(screen.getByText("Voice samples can be at most 30 seconds")).toBeTruthy();
    // The recording is kept so the camper can try again.
    expect(screen.getByRole("button", { name: "Save voice sample" })).toBeTruthy();
  });

  it("toasts 'Microphone access denied' when permission is refused", async () => {
    stubMicrophone({ getUserMedia: () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")) });
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Start recording" }));
    expect(await screen.findByText("Microphone access denied")).toBeTruthy();
    expect(screen.getByText("Please allow microphone access to record your voice.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start recording" })).toBeTruthy();
  });

  it("toasts 'Recording failed / Could not access microphone' when there is no microphone", async () => {
    stubMicrophone({ getUserMedia: () => Promise.reject(new DOMException("none", "NotFoundError")) });
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Start recording" }));
    expect(await screen.findByText("Recording failed")).toBeTruthy();
    expect(screen.getByText("Could not access microphone")).toBeTruthy();
  });

  it("toasts the start failure when MediaRecorder won't start, and frees the microphone", async () => {
    const mic = stubMicrophone({ startThrows: true });
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Start recording" }));
    expect(await screen.findByText("Failed to start recording. Please check your microphone permissions.")).toBeTruthy();
    expect(mic.trackStop).toHaveBeenCalled();
  });

  it("asks to confirm before deleting the saved sample", async () => {
    const { callsTo } = serve({ sample: buildVoiceSample() });
    const user = userEvent.setup();
    renderPage();
    expect((await screen.findByTestId("saved-sample-audio")).getAttribute("aria-label")).toBe("Saved voice sample");
    expect(screen.getByText(/Length 0:28/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete sample" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your voice sample?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo("DELETE", "/api/voice/sample")).toHaveLength(0);
    expect(screen.getByTestId("saved-sample-audio")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete sample" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("You haven't saved a voice sample yet.")).toBeTruthy();
    expect(callsTo("DELETE", "/api/voice/sample")).toHaveLength(1);
    expect(await screen.findByText("Voice sample deleted")).toBeTruthy();
  });
});

describe("useVoiceRecorder", () => {
  it("stops by itself at 30 seconds", async () => {
    vi.useFakeTimers();
    const mic = stubMicrophone();
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded }));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.status).toBe("recording");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_000);
    });
    expect(result.current.elapsed).toBe(12);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(18_500);
    });
    expect(mic.instances[0]?.stop).toHaveBeenCalled();
    expect(result.current.status).toBe("idle");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded.mock.calls[0]![0].durationSeconds).toBe(30);
  });
});
