import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, Switch } from "wouter";
import { ShowDetailPage } from "../../features/shows/ShowDetailPage.tsx";
import { buildShow } from "../../testing/builders.ts";
import { renderAt } from "../../testing/render.tsx";
import { json, mockApi } from "../../testing/http.ts";
import { buildClip } from "../../testing/builders.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

startEachEditorTestClean();

describe("Narration editing screen", () => {
  it("shows the back button, the editable title with its hint, the narration card and the audio source", async () => {
    serve({ show: buildShow(42, { title: "Lake Day", narration: "We paddled." }) });
    renderEditor();

    const title = await screen.findByRole("textbox", { name: "Show title" });
    expect((title as HTMLInputElement).value).toBe("Lake Day");
    expect(screen.getByText("Click to edit title").id).toBe(title.getAttribute("aria-describedby"));
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: "Summer Stories Narration" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Narration script" }) as HTMLTextAreaElement).value).toBe("We paddled.");
    const group = screen.getByRole("radiogroup", { name: "Audio source" });
    expect((within(group).getByRole("radio", { name: "Original Audio" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("link", { name: "Back to show" }).getAttribute("href")).toBe("/shows/42");
    expect(screen.getByRole("link", { name: "Record to the script" }).getAttribute("href")).toBe("/shows/42/shots");
    expect(screen.queryByTestId("voice-panel")).toBeNull();
  });

  it("is reached from the show detail page's 'Edit narration & voice' link", async () => {
    serve();
    renderAt(
      "/shows/42",
      <Switch>
        <Route path="/shows/:id" component={ShowDetailPage} />
      </Switch>,
    );
    const link = await screen.findByRole("link", { name: "Edit narration & voice" });
    expect(link.getAttribute("href")).toBe("/shows/42/narration");
  });

  it("lists the clips in order as videos in a box of the format's aspect ratio", async () => {
    serve({
      show: buildShow(42, { videoFormat: "tiktok" }),
      clips: [buildClip(5, 0, { title: "Opening" }), buildClip(9, 1, { title: "Closing", durationSeconds: 7 })],
    });
    renderEditor();
    const sections = await screen.findAllByTestId("video-section");
    expect(sections).toHaveLength(2);
    expect(screen.getByRole("heading", { level: 2, name: "Video Sections" })).toBeTruthy();
    expect(sections[0]!.textContent).toContain("Opening");
    expect(sections[0]!.textContent).toContain("1:05");
    expect(sections[1]!.textContent).toContain("Closing");
    expect(sections[1]!.textContent).toContain("0:07");
    const videos = sections.map((s) => s.querySelector("video")!);
    expect(videos.map((v) => v.getAttribute("src"))).toEqual(["/api/clips/5/media", "/api/clips/9/media"]);
    expect(videos.every((v) => v.hasAttribute("controls") && v.getAttribute("preload") === "metadata")).toBe(true);
    const frame = screen.getAllByTestId("clip-frame")[0]!;
    expect(frame.style.aspectRatio).toBe("9 / 16");
    expect(frame.dataset.aspectRatio).toBe("9/16");
  });

  it("uses 16/9 for a landscape format and offers recording when there are no clips", async () => {
    const { callsTo } = serve({ show: buildShow(42, { videoFormat: "youtube" }), clips: [] });
    renderEditor();
    expect(await screen.findByText("No clips yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Record clips" }).getAttribute("href")).toBe("/record?id=42");
    // What is in the video comes from the server's one list of it.
    expect(callsTo("GET", "/api/recordings/42/sections")).toHaveLength(1);
  });

  it("shows 'Show Not Found' for a missing or someone else's show", async () => {
    mockApi((call) => (call.path === "/api/recordings/99" ? json({ message: "Show not found" }, 404) : undefined));
    renderEditor(99);
    expect(await screen.findByRole("heading", { level: 1, name: "Show Not Found" })).toBeTruthy();
    expect(screen.getByText("The show you're looking for doesn't exist or you don't have permission to view it.")).toBeTruthy();
  });
});
