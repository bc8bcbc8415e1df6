import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIP_MESSAGES } from "../../../../contracts/clips.ts";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { dismissToast } from "../../lib/toasts.ts";
import { createQueryClient } from "../../api/client.ts";
import { MemoryClipStore } from "./clip-store.ts";
import { HEIC_HEAD, JPEG_HEAD, PNG_HEAD, photoFile } from "../../testing/photos.ts";
import { Recorder } from "./Recorder.tsx";
import { FakeMediaRecorder, FakeRecognition, expectSameBytes, recordingSleep } from "../../testing/recorder.ts";
import { FakeTusServer } from "../../testing/tus-server.ts";
import { resetRecorderRuntime, resetRecovery } from "./runtime.ts";
import { UploadManager } from "./uploader.ts";

/** "Add photos" on the recorder: a photo is kept on the device and sent like a take, then listed as a photo section. */

let queryClient = createQueryClient();
let store: MemoryClipStore;
let server: FakeTusServer;

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

function renderRecorder() {
  return render(wrapper(<Recorder lengthSeconds={120} narration="" userId={7} showId={5} />));
}

/** The picker's files; the picker's own filter is off, as a renamed file passes it anyway. */
async function pick(user: ReturnType<typeof userEvent.setup>, ...files: File[]) {
  await user.click(screen.getByRole("button", { name: "Add photos" }));
  await user.upload(screen.getByTestId("photo-input"), files);
}

beforeEach(() => {
  queryClient = createQueryClient();
  vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) } });
  URL.createObjectURL = vi.fn(() => "blob:photo");
  URL.revokeObjectURL = vi.fn();
  store = new MemoryClipStore();
  server = new FakeTusServer();
  vi.stubGlobal("fetch", server.fetch);
  resetRecorderRuntime({ store, manager: new UploadManager({ store, fetch: server.fetch, sleep: recordingSleep().sleep, locks: null }) });
  resetRecovery();
});

afterEach(async () => {
  await act(async () => dismissToast());
  resetRecorderRuntime();
  vi.unstubAllGlobals();
});

describe("Add photos", () => {
  it("keeps a JPEG on the device, uploads it by tus with its title, show and filetype, and lists it as a photo", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRecorder();
    const file = photoFile("Canoe at dawn.jpg", JPEG_HEAD, "image/jpeg", 3000);
    // The upload waits until the test has seen the device copy.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const realFetch = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) => {
      if ((init?.method ?? "GET") === "POST") await held;
      return realFetch(input, init);
    });

    await pick(user, file);
    await waitFor(() => expect(politeText()).toContain("Photo added: Canoe at dawn."));
    const [stored] = await store.listClips(7);
    expect(stored).toMatchObject({ kind: "photo", title: "Canoe at dawn", mimeType: "image/jpeg", showId: 5, shotId: null, totalBytes: 3000 });
    expectSameBytes(new Uint8Array(await (await store.getChunksFrom(stored!.localId, 0)).arrayBuffer()), new Uint8Array(await file.arrayBuffer()));
    // Before the server has it, the row shows the device copy as its picture, labelled a photo.
    const row = screen.getByTestId("clip-row");
    expect(within(row).getByRole("img", { name: "Photo: Canoe at dawn" }).getAttribute("src")).toBe("blob:photo");
    expect(row.querySelector("video")).toBeNull();

    release();
    await waitFor(() => expect(screen.getByTestId("clip-row").dataset.state).toBe("saved"));
    const [upload] = [...server.uploads.values()];
    expect(upload!.metadata).toEqual({ title: "Canoe at dawn", showId: "5", filetype: "image/jpeg", begunMsAgo: expect.stringMatching(/^\d+$/) });
    expectSameBytes(upload!.data, new Uint8Array(await file.arrayBuffer()));
    await waitFor(() => expect(politeText()).toContain("Photo uploaded: Canoe at dawn."));
    // The server's picture, and the seconds it shows for (the default 4) to change.
    await waitFor(() => expect(within(screen.getByTestId("clip-row")).getByRole("img", { name: "Photo: Canoe at dawn" }).getAttribute("src")).toBe("/api/clips/100/poster"));
    expect((screen.getByLabelText(/Seconds on screen/) as HTMLInputElement).value).toBe("4");
  });

  it("refuses a file that is not a photo with the server's words, and stores nothing", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRecorder();
    await pick(user, new File(["shopping list: marshmallows"], "notes.jpg", { type: "image/jpeg" }));
    const alert = await screen.findByText(`notes.jpg: ${CLIP_MESSAGES.notVideo}`, { selector: "li" });
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add photos" }).getAttribute("aria-describedby")).toBe(alert.closest("ul")!.id);
    // And a toast says the same.
    expect(await screen.findByText("Photo not added")).toBeTruthy();
    expect(screen.getAllByText(`notes.jpg: ${CLIP_MESSAGES.notVideo}`)).toHaveLength(2);
    expect(await store.listClips(7)).toEqual([]);
    expect(server.callsTo("POST")).toHaveLength(0);
    expect(screen.queryAllByTestId("clip-row")).toHaveLength(0);
  });

  it("takes several files at once, HEIC among them, and refuses only the bad one", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRecorder();
    await pick(user, photoFile("IMG_0001.HEIC", HEIC_HEAD, ""), new File(["x"], "clip.mov"), photoFile("IMG_0002.jpg", JPEG_HEAD, "image/jpeg"));
    await waitFor(() => expect(politeText()).toContain("2 photos added."));
    expect(screen.getByText(`clip.mov: ${CLIP_MESSAGES.notVideo}`, { selector: "li" })).toBeTruthy();
    await waitFor(() => expect(server.uploads.size).toBe(2));
    const types = [...server.uploads.values()].map((u) => u.metadata.filetype).sort();
    expect(types).toEqual(["image/heic", "image/jpeg"]);
  });

  it("sends a photo a closed tab left on the device when the page opens again", async () => {
    // As addPhotoToDevice leaves it, with the tab closed before the upload began.
    const file = photoFile("Campfire.png", PNG_HEAD, "image/png", 5000);
    const clip = await store.createClip({ userId: 7, title: "Campfire", mimeType: "image/png", showId: 5, kind: "photo" });
    await store.addChunk(clip.localId, file);
    await store.updateClip(clip.localId, { state: "local", totalBytes: 5000, endTime: Date.now() });
    renderRecorder();
    await waitFor(() => expect(screen.getByTestId("clip-row").dataset.state).toBe("saved"));
    const [upload] = [...server.uploads.values()];
    expect(upload!.metadata).toEqual({ title: "Campfire", showId: "5", filetype: "image/png", begunMsAgo: expect.stringMatching(/^\d+$/) });
    expectSameBytes(upload!.data, new Uint8Array(await file.arrayBuffer()));
  });

  it("has no serious axe violations with a photo listed", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRecorder();
    await pick(user, photoFile("Lake.jpg", JPEG_HEAD, "image/jpeg"));
    await waitFor(() => expect(screen.getByTestId("clip-row").dataset.state).toBe("saved"));
    await screen.findByLabelText(/Seconds on screen/);
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
});
