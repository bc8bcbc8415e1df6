import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEYBOARD_DRAG_STEP_PX } from "../../../../contracts/product.ts";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { createQueryClient } from "../../lib/api.ts";
import type { ClipItem } from "./clip-items.ts";
import { newClipRecord } from "./clip-store.ts";
import { ClipList, clipAnnouncements, keyboardCoordinates } from "./ClipList.tsx";

const ROW_HEIGHT = 60;

function item(n: number, extra: Partial<ClipItem> = {}): ClipItem {
  const local = newClipRecord({ userId: 7, title: `Recording ${n}`, mimeType: "video/webm;codecs=vp8,opus", showId: null });
  return {
    key: `clip-${n}`,
    localId: `local-${n}`,
    serverId: null,
    title: `Recording ${n}`,
    kind: "video",
    state: "local",
    error: null,
    retryable: true,
    durationSeconds: 7,
    progress: 0,
    mimeType: "video/webm;codecs=vp8,opus",
    mediaUrl: null,
    downloadUrl: null,
    local,
    server: null,
    ...extra,
  };
}

function Harness({
  initial,
  onRemove = async () => {},
  onRetry = async () => {},
  loadLocalBlob = async () => new Blob(["webm"], { type: "video/webm" }),
  script = null,
}: {
  initial: ClipItem[];
  onRemove?: (item: ClipItem) => Promise<void>;
  onRetry?: (item: ClipItem) => Promise<void>;
  loadLocalBlob?: (item: ClipItem) => Promise<Blob | null>;
  script?: string | null;
}) {
  const [clips, setClips] = useState(initial);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <h3 id="clips-heading">Your clips</h3>
      <ClipList
        headingId="clips-heading"
        clips={clips}
        onReorder={(from, to) =>
          setClips((list) => {
            const next = [...list];
            const [moved] = next.splice(from, 1);
            next.splice(to, 0, moved!);
            return next;
          })
        }
        onRemove={async (clip) => {
          await onRemove(clip);
          setClips((list) => list.filter((c) => c.key !== clip.key));
        }}
        onRetry={onRetry}
        loadLocalBlob={loadLocalBlob}
        script={script}
      />
      <Toaster />
      <Announcer />
    </QueryClientProvider>
  );
}

const politeText = () => document.querySelector('[data-announcer="polite"]')?.textContent?.trim() ?? "";

const titles = () => screen.getAllByTestId("clip-row").map((row) => within(row).getByText(/^Recording \d$/).textContent);

describe("ClipList", () => {
  beforeEach(() => {
    // jsdom has no layout: each row is ROW_HEIGHT tall, stacked in document order.
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const row = this.closest('[data-testid="clip-row"]');
      const rows = [...document.querySelectorAll('[data-testid="clip-row"]')];
      const index = row ? rows.indexOf(row) : 0;
      const top = index * ROW_HEIGHT;
      return { x: 0, y: top, top, left: 0, right: 400, bottom: top + ROW_HEIGHT, width: 400, height: ROW_HEIGHT, toJSON: () => ({}) };
    });
    URL.createObjectURL = vi.fn(() => "blob:clip");
    URL.revokeObjectURL = vi.fn();
    // The server's answer for a clip that says none of the script.
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 204 })));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows a saved clip's poster picture on its player instead of a black box", () => {
    const server = {
      id: 12, showId: 3, title: "Recording 1", position: 0, kind: "video" as const, mimeType: "video/webm" as const, durationSeconds: 7,
      sizeBytes: 10, uploadedBytes: 10, uploadSha256: "ab", transcription: null, trimStartSeconds: 0,
      trimEndSeconds: 7, usedSeconds: 7, posterUrl: "/api/clips/12/poster", shotId: null, scriptCheck: null, createdAt: "2025-07-01T12:00:00.000Z",
      mediaUrl: "/api/clips/12/media", downloadUrl: "/api/clips/12/media?download=1",
    };
    render(
      <Harness
        initial={[
          item(1, { state: "saved", serverId: 12, mediaUrl: server.mediaUrl, downloadUrl: server.downloadUrl, server }),
          item(2, { state: "saved", serverId: 13, mediaUrl: "/api/clips/13/media", server: { ...server, id: 13, posterUrl: null } }),
        ]}
      />,
    );
    const [withPoster, without] = screen.getAllByTestId("clip-row").map((row) => row.querySelector("video")!);
    expect(withPoster!.getAttribute("poster")).toBe("/api/clips/12/poster");
    expect(withPoster!.getAttribute("aria-label")).toBe("Play Recording 1");
    expect(without!.hasAttribute("poster")).toBe(false);
  });

  it("gives a saved clip the captions the server heard in it, and says so of one that has none", async () => {
    const vtt = "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nThe lake was cold.\n";
    const fetch = vi.fn(async (url: string) => (url === "/api/clips/12/captions.vtt" ? new Response(vtt, { headers: { "content-type": "text/vtt" } }) : new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    const server = {
      id: 12, showId: 3, title: "Recording 1", position: 0, kind: "video" as const, mimeType: "video/webm" as const, durationSeconds: 7,
      sizeBytes: 10, uploadedBytes: 10, uploadSha256: "ab", transcription: null, trimStartSeconds: 0,
      trimEndSeconds: 7, usedSeconds: 7, posterUrl: null, shotId: null, scriptCheck: null, createdAt: "2025-07-01T12:00:00.000Z",
      mediaUrl: "/api/clips/12/media", downloadUrl: "/api/clips/12/media?download=1",
    };
    render(
      <Harness
        script="The lake was cold."
        initial={[
          item(1, { state: "saved", serverId: 12, mediaUrl: server.mediaUrl, server }),
          item(2, { state: "saved", serverId: 13, mediaUrl: "/api/clips/13/media", server: { ...server, id: 13 } }),
        ]}
      />,
    );
    const [captioned, silent] = screen.getAllByTestId("clip-row");
    await waitFor(() => expect(captioned!.querySelector('track[kind="captions"]')?.getAttribute("src")).toBe("blob:clip"));
    expect(within(captioned!).queryByText("No captions for this clip.")).toBeNull();
    expect(within(captioned!).getByLabelText("Play Recording 1").hasAttribute("aria-describedby")).toBe(false);

    const note = await within(silent!).findByText("No captions for this clip.");
    expect(within(silent!).getByLabelText("Play Recording 2").getAttribute("aria-describedby")).toBe(note.id);
    expect(silent!.querySelector("track")).toBeNull();
    expect(fetch).toHaveBeenCalledWith("/api/clips/13/captions.vtt", expect.anything());
  });

  it("says beside a playable clip that it has no captions, tied to its player", () => {
    render(<Harness initial={[item(1, { state: "saved", serverId: 9, mediaUrl: "/m/9", downloadUrl: "/d/9" }), item(2)]} />);
    const player = screen.getByLabelText("Play Recording 1");
    const note = screen.getByText("No captions for this clip.");
    expect(player.getAttribute("aria-describedby")).toBe(note.id);
    // A clip with nothing to play yet has no player, so no note either.
    expect(screen.getAllByText("No captions for this clip.")).toHaveLength(1);
  });

  it("moves 25 px per arrow key", () => {
    const at = { x: 10, y: 100 };
    const key = (code: string) => keyboardCoordinates(new KeyboardEvent("keydown", { code }), {
      active: "a",
      currentCoordinates: at,
      context: {} as never,
    });
    expect(key("ArrowDown")).toEqual({ x: 10, y: 100 + KEYBOARD_DRAG_STEP_PX });
    expect(key("ArrowUp")).toEqual({ x: 10, y: 100 - KEYBOARD_DRAG_STEP_PX });
    expect(key("ArrowLeft")).toEqual({ x: 10 - KEYBOARD_DRAG_STEP_PX, y: 100 });
    expect(key("KeyA")).toBeUndefined();
  });

  it("announces pick-up, moves and drops with titles and positions", () => {
    const a = clipAnnouncements([item(1), item(2), item(3)]);
    const active = { id: "clip-2" } as never;
    expect(a.onDragStart({ active })).toBe("Picked up Recording 2. Position 2 of 3.");
    expect(a.onDragOver({ active, over: { id: "clip-2" } as never })).toBeUndefined();
    expect(a.onDragOver({ active, over: { id: "clip-1" } as never })).toBe("Recording 2 moved to position 1 of 3.");
    expect(a.onDragEnd({ active, over: { id: "clip-1" } as never })).toBe("Recording 2 dropped at position 1 of 3.");
    expect(a.onDragCancel({ active, over: null })).toBe("Reordering cancelled. Recording 2 went back to position 2 of 3.");
  });

  it("reorders by keyboard: Space picks up, arrows move, Space drops; Escape cancels", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[item(1), item(2), item(3)]} />);
    expect(titles()).toEqual(["Recording 1", "Recording 2", "Recording 3"]);

    const handle = screen.getByRole("button", { name: "Reorder Recording 3" });
    handle.focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.body.textContent).toContain("Picked up Recording 3. Position 3 of 3.");
    // Two rows up: 120 px at 25 px a press.
    await user.keyboard("[ArrowUp]");
    await user.keyboard("[ArrowUp]");
    expect(document.body.textContent).toContain("Recording 3 moved to position 2 of 3.");
    for (let i = 0; i < 3; i++) await user.keyboard("[ArrowUp]");
    expect(document.body.textContent).toContain("Recording 3 moved to position 1 of 3.");
    await user.keyboard("[Space]");
    expect(titles()).toEqual(["Recording 3", "Recording 1", "Recording 2"]);
    expect(document.body.textContent).toContain("Recording 3 dropped at position 1 of 3.");

    const second = screen.getByRole("button", { name: "Reorder Recording 2" });
    second.focus();
    await user.keyboard("[Enter]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 5; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Escape]");
    expect(titles()).toEqual(["Recording 3", "Recording 1", "Recording 2"]);
    expect(document.body.textContent).toContain("Reordering cancelled. Recording 2 went back to position 3 of 3.");
  });

  it("marks each row for tests with its state and local id, and shows the state", () => {
    render(
      <Harness
        initial={[
          item(1, { state: "uploading", progress: 42 }),
          item(2, { state: "saved", serverId: 9, mediaUrl: "/m/9", downloadUrl: "/d/9" }),
          item(3, { state: "failed", error: "That file is not a WebM or MP4 video" }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId("clip-row");
    expect(rows.map((r) => [r.dataset.state, r.dataset.localId])).toEqual([
      ["uploading", "local-1"],
      ["saved", "local-2"],
      ["failed", "local-3"],
    ]);
    expect(within(rows[0]!).getByText("Uploading 42 %")).toBeTruthy();
    expect(within(rows[1]!).getByText("Saved")).toBeTruthy();
    expect(within(rows[2]!).getByText("Failed: That file is not a WebM or MP4 video")).toBeTruthy();
    expect(within(rows[0]!).getByText("0:07")).toBeTruthy();
    // A saved clip downloads from the server as .webm; playback from the server.
    const link = within(rows[1]!).getByRole("link", { name: "Download Recording 2" });
    expect(link.getAttribute("href")).toBe("/d/9");
    expect(link.getAttribute("download")).toBe("Recording 2.webm");
    expect(rows[1]!.querySelector("video")!.getAttribute("src")).toBe("/m/9");
    expect(within(rows[2]!).getByRole("button", { name: "Retry Recording 3" })).toBeTruthy();
    expect(within(rows[0]!).queryByRole("button", { name: /Retry/ })).toBeNull();
  });

  it("plays a device-only clip from the device when asked", async () => {
    const user = userEvent.setup();
    const loadLocalBlob = vi.fn(async () => new Blob(["webm"], { type: "video/webm" }));
    render(<Harness initial={[item(1), item(2, { state: "recording", durationSeconds: null })]} loadLocalBlob={loadLocalBlob} />);
    const [first, second] = screen.getAllByTestId("clip-row");
    expect(first!.querySelector("video")).toBeNull();
    expect(loadLocalBlob).not.toHaveBeenCalled();
    expect(within(second!).queryByRole("button", { name: /from this device/ })).toBeNull();
    expect(within(second!).getByRole("button", { name: "Remove Recording 2" })).toHaveProperty("disabled", true);
    await user.click(within(first!).getByRole("button", { name: "Play Recording 1 from this device" }));
    expect(first!.querySelector("video")!.getAttribute("src")).toBe("blob:clip");
  });

  it("downloads a device-only clip as {title}.webm", async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<Harness initial={[item(1)]} />);
    await user.click(screen.getByRole("button", { name: "Download Recording 1" }));
    expect(clicked).toEqual(["Recording 1.webm"]);
    expect(await screen.findByText("Download started")).toBeTruthy();
  });

  it("removes a clip only after the confirmation", async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn(async () => {});
    render(<Harness initial={[item(1), item(2)]} onRemove={onRemove} />);
    await user.click(screen.getByRole("button", { name: "Remove Recording 1" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Recording 1?" });
    expect(within(dialog).getByText(/deletes the only copy/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(onRemove).not.toHaveBeenCalled();
    expect(titles()).toEqual(["Recording 1", "Recording 2"]);

    await user.click(screen.getByRole("button", { name: "Remove Recording 1" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    // The removal settles after onRemove's promise (a busy machine can take a tick longer than the click).
    await waitFor(() => expect(titles()).toEqual(["Recording 2"]));
    expect(onRemove).toHaveBeenCalledOnce();
    // Focus moves on to the clip that took its place, never to <body>, and the removal is said.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove Recording 2" })));
    await waitFor(() => expect(politeText()).toBe("Recording 1 removed. 1 clip left."));

    await user.keyboard("{Enter}");
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryAllByTestId("clip-row")).toHaveLength(0));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your clips" })));
    await waitFor(() => expect(politeText()).toBe("Recording 2 removed. No clips left."));
  });

  it("announces state changes, not progress", async () => {
    render(<Announcer />);
    const before = politeText();
    const queryClient = createQueryClient();
    const list = (clip: ClipItem) => (
      <QueryClientProvider client={queryClient}>
        <ClipList clips={[clip]} onReorder={() => {}} onRemove={async () => {}} onRetry={async () => {}} loadLocalBlob={async () => null} />
      </QueryClientProvider>
    );
    const { rerender } = render(list(item(1, { state: "uploading", progress: 10 })));
    rerender(list(item(1, { state: "uploading", progress: 50 })));
    expect(politeText()).toBe(before);
    rerender(list(item(1, { state: "saved", progress: 100 })));
    expect(politeText()).toBe("Recording 1 is saved.");
  });

  it("shows a photo as its picture with its seconds on screen, saved as photoSeconds, with the server's refusal inline; no player, no trims", async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method !== "PATCH") return new Response(null, { status: 204 });
        const body = JSON.parse(String(init.body)) as { photoSeconds: number };
        patches.push(body);
        if (body.photoSeconds === 7) return Response.json({ message: "This photo could not be changed right now" }, { status: 409 });
        return Response.json({ ...photoServer, durationSeconds: body.photoSeconds, trimEndSeconds: body.photoSeconds, usedSeconds: body.photoSeconds });
      }),
    );
    const user = userEvent.setup();
    render(<Harness initial={[photoItem(), item(2)]} />);
    const row = screen.getAllByTestId("clip-row")[0]!;
    expect(within(row).getByRole("img", { name: "Photo: Lake at dawn" }).getAttribute("src")).toBe("/api/clips/31/poster");
    expect(within(row).getByText("Photo")).toBeTruthy();
    expect(row.querySelector("video")).toBeNull();
    expect(within(row).queryByText("No captions for this clip.")).toBeNull();
    expect(within(row).queryByLabelText(/Start/)).toBeNull();

    const seconds = within(row).getByRole("spinbutton", { name: "Seconds on screen for photo Lake at dawn" }) as HTMLInputElement;
    expect(seconds.value).toBe("4");
    expect([seconds.min, seconds.max, seconds.step]).toEqual(["1", "20", "0.5"]);
    await user.clear(seconds);
    await user.type(seconds, "6.5{Enter}");
    await waitFor(() => expect(patches).toEqual([{ photoSeconds: 6.5 }]));
    await waitFor(() => expect(within(row).getByTestId("photo-seconds-note").textContent).toBe("Saved"));

    // Outside the range: the server's words at once, and nothing sent.
    await user.clear(seconds);
    await user.type(seconds, "30");
    await user.tab();
    expect(within(row).getByRole("alert").textContent).toBe("A photo shows for 1 to 20 seconds");
    expect(seconds.getAttribute("aria-invalid")).toBe("true");
    expect(patches).toHaveLength(1);

    // The server's refusal, in its words, under the box.
    await user.clear(seconds);
    await user.type(seconds, "7");
    await user.tab();
    expect((await within(row).findByRole("alert")).textContent).toBe("Not saved: This photo could not be changed right now");
  });

  it("reorders a photo by keyboard like a clip", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[item(1), item(2), photoItem()]} />);
    screen.getByRole("button", { name: "Reorder Lake at dawn" }).focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 5; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Space]");
    expect(screen.getAllByTestId("clip-row").map((row) => row.querySelector("[data-clip-title]")!.textContent)).toEqual([
      "Lake at dawn",
      "Recording 1",
      "Recording 2",
    ]);
    expect(document.body.textContent).toContain("Lake at dawn dropped at position 1 of 3.");
  });

  it("says a photo's upload in photo words", () => {
    render(<Announcer />);
    const queryClient = createQueryClient();
    const list = (clip: ClipItem) => (
      <QueryClientProvider client={queryClient}>
        <ClipList clips={[clip]} onReorder={() => {}} onRemove={async () => {}} onRetry={async () => {}} loadLocalBlob={async () => null} />
      </QueryClientProvider>
    );
    const { rerender } = render(list(photoItem({ state: "uploading", server: null, mediaUrl: null })));
    rerender(list(photoItem()));
    expect(politeText()).toBe("Photo uploaded: Lake at dawn.");
  });
});

const photoServer = {
  id: 31, showId: 3, title: "Lake at dawn", position: 2, kind: "photo" as const, mimeType: "image/jpeg" as const, durationSeconds: 4,
  sizeBytes: 10, uploadedBytes: 10, uploadSha256: "ab", transcription: null, trimStartSeconds: 0, trimEndSeconds: 4, usedSeconds: 4,
  posterUrl: "/api/clips/31/poster", shotId: null, scriptCheck: null, createdAt: "2025-07-01T12:00:00.000Z",
  mediaUrl: "/api/clips/31/media", downloadUrl: "/api/clips/31/media?download=1",
};

/** A photo the server has (a clean JPEG shown for 4 s). */
function photoItem(extra: Partial<ClipItem> = {}): ClipItem {
  return item(9, {
    key: "photo-9",
    title: "Lake at dawn",
    kind: "photo",
    state: "saved",
    serverId: 31,
    durationSeconds: 4,
    mimeType: "image/jpeg",
    mediaUrl: photoServer.mediaUrl,
    downloadUrl: photoServer.downloadUrl,
    server: photoServer,
    ...extra,
  });
}
