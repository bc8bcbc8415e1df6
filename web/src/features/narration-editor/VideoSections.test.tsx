import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CLIP_MESSAGES } from "../../../../contracts/clips.ts";
import { buildShow, buildClip } from "../../testing/builders.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

const WAIT = { timeout: 4000 };

startEachEditorTestClean();

function twoClips() {
  return [
    buildClip(5, 0, { title: "Dock", durationSeconds: 2, posterUrl: "/api/clips/5/poster" }),
    buildClip(9, 1, { title: "Canoe", durationSeconds: 2, posterUrl: null }),
  ];
}

describe("the editor's clips: posters and trims", () => {
  it("shows each clip's poster picture on its player", async () => {
    serve({ clips: twoClips() });
    renderEditor();
    const sections = await screen.findAllByTestId("video-section");
    const videos = sections.map((s) => s.querySelector("video")!);
    expect(videos[0]!.getAttribute("poster")).toBe("/api/clips/5/poster");
    // No still could be made: the player still plays, without a poster.
    expect(videos[1]!.hasAttribute("poster")).toBe(false);
  });

  it("says beside each clip's player that it has no captions, and the player points to that note", async () => {
    serve({ clips: twoClips() });
    renderEditor();
    const sections = await screen.findAllByTestId("video-section");
    for (const section of sections) {
      const video = section.querySelector("video")!;
      const note = await within(section).findByText("No captions for this clip.", {}, WAIT);
      expect(video.getAttribute("aria-describedby")).toBe(note.id);
      expect(video.querySelector("track")).toBeNull();
    }
  });

  it("gives a clip in which the camper reads the script its captions track, asked for the saved script", async () => {
    const made: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (made.push(blob), "blob:clip-5"), revokeObjectURL: () => undefined }));
    const api = serve({
      show: buildShow(42, { narration: "We paddled across the lake." }),
      clips: twoClips(),
      clipCaptions: (clip) => (clip.id === 5 ? "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nWe paddled across the lake.\n" : null),
    });
    renderEditor();
    const [dock, canoe] = await screen.findAllByTestId("video-section");
    await waitFor(() => expect(dock!.querySelector("track")?.getAttribute("src")).toBe("blob:clip-5"), WAIT);
    const track = dock!.querySelector("track")!;
    expect(track.getAttribute("kind")).toBe("captions");
    expect(await made[0]!.text()).toContain("We paddled across the lake.");
    expect(within(dock!).queryByText("No captions for this clip.")).toBeNull();
    expect(dock!.querySelector("video")!.hasAttribute("aria-describedby")).toBe(false);
    await within(canoe!).findByText("No captions for this clip.", {}, WAIT);
    expect(api.callsTo("GET", "/api/clips/5/captions.vtt")).toHaveLength(1);
  });

  it("says in the server's words when a clip's captions wait for a turn (429), and asks again later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let busy = true;
    const message = CLIP_MESSAGES.captionsBusy("40 seconds");
    const api = serve({
      show: buildShow(42, { narration: "We paddled across the lake." }),
      clips: [twoClips()[0]!],
      clipCaptions: () => (busy ? new Response(JSON.stringify({ message }), { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "40" } }) : null),
    });
    try {
      renderEditor();
      const [dock] = await screen.findAllByTestId("video-section");
      const note = await within(dock!).findByText(message, {}, WAIT);
      expect(dock!.querySelector("video")!.getAttribute("aria-describedby")).toBe(note.id);
      busy = false;
      await vi.advanceTimersByTimeAsync(31_000);
      await within(dock!).findByText("No captions for this clip.", {}, WAIT);
      expect(api.callsTo("GET", "/api/clips/5/captions.vtt")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("has labelled Start and End boxes in seconds for every clip", async () => {
    serve({ clips: twoClips() });
    renderEditor();
    const start = await screen.findByRole("spinbutton", { name: "Start of Dock (seconds)" });
    const end = screen.getByRole("spinbutton", { name: "End of Dock (seconds)" });
    expect((start as HTMLInputElement).value).toBe("0");
    expect((end as HTMLInputElement).value).toBe("2");
    expect(end.getAttribute("max")).toBe("2");
    expect(end.getAttribute("step")).toBe("0.1");
    expect(screen.getByRole("group", { name: "Trim Dock" })).toBeTruthy();
    expect(within(screen.getAllByTestId("video-section")[0]!).getByTestId("clip-used").textContent).toContain(
      "Uses the whole clip (2.0 seconds)",
    );
  });

  it("saves a trim after a pause (one PATCH), and the clips' total in the length check follows", async () => {
    const user = userEvent.setup();
    const api = serve({ show: buildShow(42, { audioSource: "voice", narration: "Hello camp." }), clips: twoClips() });
    renderEditor();
    const total = await screen.findByTestId("clips-total");
    await waitFor(() => expect(total.textContent).toBe("4.0 seconds"), WAIT);

    const start = screen.getByRole("spinbutton", { name: "Start of Dock (seconds)" });
    await user.clear(start);
    await user.type(start, "0.5");
    await waitFor(() => expect(api.callsTo("PATCH", "/api/clips/5")).toHaveLength(1), WAIT);
    expect(api.callsTo("PATCH", "/api/clips/5")[0]!.body).toEqual({ trimStartSeconds: 0.5 });
    await waitFor(() => expect(total.textContent).toBe("3.5 seconds"), WAIT);
    const section = screen.getAllByTestId("video-section")[0]!;
    expect(within(section).getByTestId("clip-used").textContent).toContain("Uses 1.5 seconds of 2.0 seconds");
    expect(within(section).getByText("Trim saved")).toBeTruthy();
  });

  it("sends an end at the clip's end as 'to the end' (null) and leaves the untouched start out", async () => {
    const user = userEvent.setup();
    const api = serve({ clips: [buildClip(5, 0, { title: "Dock", durationSeconds: 2, trimEndSeconds: 1, usedSeconds: 1 })] });
    renderEditor();
    const end = await screen.findByRole("spinbutton", { name: "End of Dock (seconds)" });
    expect((end as HTMLInputElement).value).toBe("1");
    await user.clear(end);
    await user.type(end, "2");
    await user.tab();
    await waitFor(() => expect(api.callsTo("PATCH", "/api/clips/5").at(-1)?.body).toEqual({ trimEndSeconds: null }), WAIT);
  });

  it("explains a trim outside the clip or too short next to the box, and sends only a valid one", async () => {
    const user = userEvent.setup();
    const api = serve({ clips: twoClips() });
    renderEditor();
    const end = await screen.findByRole("spinbutton", { name: "End of Dock (seconds)" });
    await user.clear(end);
    await user.type(end, "3");
    const error = within(screen.getAllByTestId("video-section")[0]!).getByRole("alert");
    expect(error.textContent).toBe("Trims must be within the clip (0 to 2.0 seconds)");
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(end.getAttribute("aria-describedby")).toContain(error.id);

    await user.clear(end);
    await user.type(end, "0.2");
    expect(within(screen.getAllByTestId("video-section")[0]!).getByRole("alert").textContent).toBe(
      "Keep at least 0.5 seconds of the clip",
    );
    await user.tab();
    // Put right, the trim is sent: the wrong values before it never were.
    await user.clear(end);
    await user.type(end, "1.5");
    await user.tab();
    await waitFor(() => expect(api.callsTo("PATCH", "/api/clips/5")).toHaveLength(1), WAIT);
    expect(api.callsTo("PATCH", "/api/clips/5")[0]!.body).toEqual({ trimEndSeconds: 1.5 });
    expect(within(screen.getAllByTestId("video-section")[0]!).queryByRole("alert")).toBeNull();
  });

  it("shows the server's reason when a trim is refused", async () => {
    const user = userEvent.setup();
    serve({
      clips: twoClips(),
      patchClip: () => new Response(JSON.stringify({ message: "Clip not found" }), { status: 404, headers: { "Content-Type": "application/json" } }),
    });
    renderEditor();
    const start = await screen.findByRole("spinbutton", { name: "Start of Canoe (seconds)" });
    await user.clear(start);
    await user.type(start, "1");
    await user.tab();
    const section = screen.getAllByTestId("video-section")[1]!;
    expect((await within(section).findByRole("alert", {}, WAIT)).textContent).toBe("Trim not saved: Clip not found");
  });

  it("plays only the kept part: starts at the trim start and stops at the trim end", async () => {
    serve({ clips: [buildClip(5, 0, { title: "Dock", durationSeconds: 4, trimStartSeconds: 1, trimEndSeconds: 3, usedSeconds: 2 })] });
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
    renderEditor();
    const video = (await screen.findAllByTestId("video-section"))[0]!.querySelector("video")!;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(1);
    Object.defineProperty(video, "paused", { configurable: true, get: () => false });
    video.currentTime = 3.1;
    fireEvent.timeUpdate(video);
    expect(pause).toHaveBeenCalled();
    expect(video.currentTime).toBe(3);
  });
});
