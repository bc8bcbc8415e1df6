import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { createQueryClient } from "../../api/client.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { Harness, item, politeText, stubClipListDom, titles } from "./clip-list-test-helpers.tsx";
import { ClipList } from "./ClipList.tsx";

describe("ClipList", () => {
  stubClipListDom();

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

});
