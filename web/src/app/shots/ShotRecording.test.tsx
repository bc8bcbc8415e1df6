import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SHOT_MESSAGES, type ScriptCheck } from "../../../../contracts/shots.ts";
import { dismissToast } from "../../lib/toasts.ts";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { FakeMediaRecorder, FakeRecognition, eventually } from "../../testing/recorder.ts";
import { bytesOf, type FakeTusServer } from "../../testing/tus-server.ts";
import { buildShow } from "../../testing/builders.ts";
import type { ApiCall } from "../../testing/http.ts";
import { resetRecorderRuntime, resetRecovery } from "../../features/recorder/runtime.ts";
import { buildCheck, buildShotList, renderShotsPage, serveShotsAndUploads, type ShotsServerOptions } from "../../testing/shots.tsx";

const LINES = ["We woke up at six. The lake was silver. Nobody talked.", "Then we paddled out."];

const track = { stop: vi.fn(), readyState: "live" };
const fakeStream = { getTracks: () => [track] };

let tus: FakeTusServer;
let calls: ApiCall[];

function serve(options: ShotsServerOptions = {}) {
  const served = serveShotsAndUploads({ show: buildShow(42, { title: "Lake Day", narration: LINES.join(" ") }), list: buildShotList(LINES), ...options });
  tus = served.tus;
  calls = served.calls;
  return served.shots;
}

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  FakeRecognition.instances = [];
  vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn(async () => fakeStream) } });
  resetRecovery();
  render(<Announcer />);
});

afterEach(async () => {
  await act(async () => dismissToast());
  resetRecorderRuntime();
  vi.unstubAllGlobals();
});

const recordButton = () => screen.getByRole("button", { name: /^(Start recording shot \d+|Stop recording)$/ });
const politeText = () => document.querySelector('[data-announcer="polite"]')?.textContent?.trim() ?? "";

/** Start (unless already recording), say `heard` (the browser's transcript), hand over some bytes, Stop. */
async function recordTake(user: ReturnType<typeof userEvent.setup>, heard: string, seed = 1) {
  if (recordButton().textContent !== "Stop recording") {
    const before = FakeMediaRecorder.instances.length;
    await user.click(recordButton());
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(before + 1));
  }
  await waitFor(() => expect(recordButton().textContent).toBe("Stop recording"));
  const media = FakeMediaRecorder.instances.at(-1)!;
  act(() => FakeRecognition.instances.at(-1)!.say([{ text: heard, final: true }]));
  act(() => media.emit(bytesOf(1500, seed)));
  await user.click(recordButton());
}

describe("Recording by shot", () => {
  it("records a take for the shot, checks it, shows said and missed lines, records the shot again with the missed line marked, and uses the new take", async () => {
    const shots = serve({
      check: (clip, lines) => buildCheck(lines, clip.id === 100 ? [true, false, true] : [true, true, true]),
    });
    const user = userEvent.setup();
    renderShotsPage();

    expect(await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" })).toBeTruthy();
    const prompter = screen.getByRole("region", { name: "Teleprompter" });
    expect(prompter.textContent).toBe("We woke up at six. The lake was silver. Nobody talked.");
    // The speed starts at the list's speaking pace: 2.5 words a second.
    expect((screen.getByRole("slider", { name: "Teleprompter speed" }) as HTMLInputElement).value).toBe("150");

    await recordTake(user, "we woke up at six nobody talked");

    // The take went up for shot 1 of show 42.
    await eventually(() => expect(tus.uploads.size).toBe(1));
    const [upload] = [...tus.uploads.values()];
    expect(upload!.metadata).toMatchObject({ shotId: "1", showId: "42", title: "Shot 1, take 1" });

    // Once saved, the check is asked for with what the browser heard, and shown.
    const result = await screen.findByTestId("take-result");
    await waitFor(() => expect(result.dataset.phase).toBe("checked"));
    const check = calls.find((c) => c.path === "/api/clips/100/script-check")!;
    expect(check.method).toBe("POST");
    expect(check.body).toEqual({ transcript: "we woke up at six nobody talked" });
    const sentences = within(result).getAllByTestId("check-sentence");
    expect(sentences.map((s) => s.dataset.said)).toEqual(["true", "false", "true"]);
    expect(within(sentences[1]!).getByText("Missed")).toBeTruthy();
    expect(within(sentences[0]!).getAllByText("woke")[0]!.tagName).toBe("MARK");
    // 7 of the 11 words.
    expect(within(result).getByTestId("word-match").textContent).toBe("64 %");
    await waitFor(() => expect(politeText()).toBe("Shot 1 checked: 2 of 3 sentences said, 64 % of the words found."));
    // The first take of a shot is chosen by the server; the recorder stays on the shot all the same.
    await waitFor(() => expect(within(result).getByTestId("take-chosen")).toBeTruthy());
    expect(screen.getByRole("heading", { level: 2, name: "Shot 1 of 2" })).toBeTruthy();
    const firstShot = screen.getAllByTestId("shot")[0]!;
    await waitFor(() => expect(within(firstShot).getByTestId("shot-takes").textContent).toBe("Take chosen (1 take)"));
    expect(within(firstShot).getByText("64 % of the words, 1 line missed")).toBeTruthy();

    // Record again: one press starts the take, with the missed line marked.
    await user.click(within(result).getByRole("button", { name: "Record shot 1 again" }));
    await waitFor(() => expect(recordButton().textContent).toBe("Stop recording"));
    expect(document.activeElement).toBe(recordButton());
    const marked = screen.getByRole("region", { name: "Teleprompter" }).querySelectorAll("mark[data-missed]");
    expect([...marked].map((m) => m.textContent)).toEqual(["Missed last time: The lake was silver."]);

    await recordTake(user, "we woke up at six the lake was silver nobody talked", 2);
    await waitFor(() => expect(screen.getByTestId("take-result").dataset.phase).toBe("checked"));
    expect(calls.filter((c) => c.path.endsWith("/script-check")).map((c) => c.path)).toEqual([
      "/api/clips/100/script-check",
      "/api/clips/101/script-check",
    ]);
    expect(tus.uploads.get("u2")!.metadata.shotId).toBe("1");

    // The new take says every line the chosen one missed: the server used it by itself, and says so, with an Undo.
    expect(shots.list().shots[0]!.chosenClipId).toBe(101);
    const switched = await screen.findByTestId("take-switched");
    expect(switched.textContent).toContain(SHOT_MESSAGES.takeSwitched(1, 2, 1));
    await waitFor(() => expect(politeText()).toContain(SHOT_MESSAGES.takeSwitched(1, 2, 1)));
    const shotPatches = () => calls.filter((c) => c.method === "PATCH" && c.path === "/api/recordings/42/shots/1").map((c) => c.body);
    expect(shotPatches()).toEqual([]);
    await user.click(within(switched).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(shots.list().shots[0]!.chosenClipId).toBe(100));
    expect(shotPatches()).toEqual([{ chosenClipId: 100 }]);
    await waitFor(() => expect(politeText()).toBe(SHOT_MESSAGES.takeSwitchUndone(1, 1)));
    // Undo's button went: focus is on "Use this take", where it stood.
    const use = await screen.findByRole("button", { name: "Use this take" });
    await waitFor(() => expect(document.activeElement).toBe(use));
    expect(screen.queryByTestId("take-switched")).toBeNull();
    // The camper changes their mind again: the new take it is.
    await user.click(use);
    await waitFor(() => expect(shots.list().shots[0]!.chosenClipId).toBe(101));
    expect(shotPatches()).toEqual([{ chosenClipId: 100 }, { chosenClipId: 101 }]);
    expect(await screen.findByTestId("take-chosen")).toBeTruthy();
    const takes = within(screen.getAllByTestId("shot")[0]!).getAllByTestId("take");
    expect(takes.map((t) => t.dataset.chosen)).toEqual(["false", "true"]);

    // Next shot: the recorder moves on, ready to start.
    await user.click(screen.getByRole("button", { name: "Next shot" }));
    expect(screen.getByRole("heading", { level: 2, name: "Shot 2 of 2" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Teleprompter" }).textContent).toBe("Then we paddled out.");
    expect(recordButton().textContent).toBe("Start recording shot 2");
    expect(document.activeElement).toBe(recordButton());
  }, 15_000);

  it("says plainly when nothing could check the take", async () => {
    const unavailable: ScriptCheck = buildCheck(LINES[0]!, [], {
      status: "unavailable",
      source: null,
      sentences: [],
      wordMatch: 0,
      message: SHOT_MESSAGES.checkUnavailable,
    });
    serve({ check: () => unavailable });
    vi.stubGlobal("webkitSpeechRecognition", undefined);
    const user = userEvent.setup();
    renderShotsPage();
    await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" });

    await user.click(recordButton());
    await waitFor(() => expect(recordButton().textContent).toBe("Stop recording"));
    act(() => FakeMediaRecorder.instances[0]!.emit(bytesOf(900)));
    await user.click(recordButton());

    const note = await screen.findByTestId("check-unavailable");
    expect(note.textContent).toContain(SHOT_MESSAGES.checkUnavailable);
    // No transcript to send: the server is asked with none.
    expect(calls.find((c) => c.path === "/api/clips/100/script-check")!.body).toEqual({});
    // The check's words follow the stop's own announcement in the same live region.
    await waitFor(() => expect(politeText()).toBe(`Shot 1: ${SHOT_MESSAGES.checkUnavailable}`));
    expect(screen.queryByTestId("word-match")).toBeNull();
  });

  it("picks a shot from the list for the recorder, chooses and deletes takes there", async () => {
    const list = buildShotList(LINES);
    serve({ list });
    const user = userEvent.setup();
    renderShotsPage();
    await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" });

    await user.click(screen.getByRole("button", { name: "Record shot 2" }));
    expect(screen.getByRole("heading", { level: 2, name: "Shot 2 of 2" })).toBeTruthy();
    expect(document.activeElement).toBe(recordButton());

    // Two takes of shot 2: the first is chosen; the second is chosen from the list.
    await recordTake(user, "then we paddled out");
    await waitFor(() => expect(screen.getByTestId("take-result").dataset.phase).toBe("checked"));
    await recordTake(user, "then we paddled out", 2);
    const shot2 = () => screen.getAllByTestId("shot")[1]!;
    await waitFor(() => expect(within(shot2()).getAllByTestId("take")).toHaveLength(2));
    await user.click(within(shot2()).getByRole("button", { name: "Use shot 2, take 2" }));
    await waitFor(() => expect(within(shot2()).getAllByTestId("take").map((t) => t.dataset.chosen)).toEqual(["false", "true"]));

    await user.click(within(shot2()).getByRole("button", { name: "Delete shot 2, take 1" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await eventually(() => expect(tus.calls.some((c) => c.method === "DELETE" && c.path === "/api/clips/100")).toBe(true));
    await waitFor(() => expect(within(shot2()).getAllByTestId("take").map((t) => t.dataset.clipId)).toEqual(["101"]));
  });

  it("plays a take with the lines it is heard saying as captions, and says so only of a take that has none", async () => {
    const vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\nThen we paddled out.\n";
    // The server's captions for the first take; the second is heard saying none of the script.
    serve({
      override: (call) =>
        call.path === "/api/clips/100/captions.vtt"
          ? new Response(vtt, { headers: { "content-type": "text/vtt" } })
          : call.path === "/api/clips/101/captions.vtt"
            ? new Response(null, { status: 204 })
            : undefined,
    });
    const made: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (made.push(blob), `blob:take-${made.length}`), revokeObjectURL: () => undefined }));
    const user = userEvent.setup();
    renderShotsPage();
    await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" });
    await user.click(screen.getByRole("button", { name: "Record shot 2" }));
    await recordTake(user, "then we paddled out");
    await waitFor(() => expect(screen.getByTestId("take-result").dataset.phase).toBe("checked"));
    await recordTake(user, "the lake was silver", 2);
    const takes = () => within(screen.getAllByTestId("shot")[1]!).getAllByTestId("take");
    await waitFor(() => expect(takes()).toHaveLength(2));

    await waitFor(() => expect(takes()[0]!.querySelector("track")?.getAttribute("src")).toBe("blob:take-1"));
    expect(await made[0]!.text()).toBe(vtt);
    expect(within(takes()[0]!).queryByTestId("no-captions-note")).toBeNull();
    expect(takes()[0]!.querySelector("video")!.hasAttribute("aria-describedby")).toBe(false);
    const note = await within(takes()[1]!).findByTestId("no-captions-note");
    expect(note.textContent).toBe("No captions for this clip.");
    expect(takes()[1]!.querySelector("video")!.getAttribute("aria-describedby")).toBe(note.id);
  });

  it("has no serious axe violations after a checked take", async () => {
    serve({ check: (_clip, lines) => buildCheck(lines, [true, false, true]) });
    const user = userEvent.setup();
    renderShotsPage();
    await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" });
    await recordTake(user, "we woke up");
    await waitFor(() => expect(screen.getByTestId("take-result").dataset.phase).toBe("checked"));
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
});
