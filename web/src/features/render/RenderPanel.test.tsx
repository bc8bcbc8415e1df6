import { fireEvent, screen, waitFor } from "@testing-library/react";
import { RENDER_MESSAGES } from "../../../../contracts/renders.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toasts.ts";
import { buildShow, buildRender } from "../../testing/builders.ts";
import { stubMediaApis } from "../../testing/voice.ts";
import { renderEditor, serve } from "../../testing/editor.tsx";
import { json } from "../../testing/http.ts";

const WAIT = { timeout: 3000 };

beforeEach(() => {
  window.localStorage.clear();
  stubMediaApis();
});

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the editor's finished video", () => {
  it("offers the download only while the video matches the show's choices, and says so when it no longer does", async () => {
    // The server's rule in small: the render was made with "crop"; any other fit makes it stale.
    const api = serve({
      show: buildShow(42, { narration: "We paddled across the lake.", fit: "crop" }),
      renders: (show) => [buildRender(7, { current: show.fit === "crop" })],
    });
    renderEditor();

    const download = await screen.findByRole("link", { name: "Download .mp4" }, WAIT);
    expect(download.getAttribute("href")).toBe("/api/renders/7/media?download=1");
    expect(screen.queryByTestId("stale-video-note")).toBeNull();

    // Checked from the click on (a synchronous click, nothing awaited), not a task later when the
    // show's cache entry has the choice.
    fireEvent.click(screen.getByRole("radio", { name: /Show the whole picture/ }));
    expect((screen.getByRole("radio", { name: /Show the whole picture/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /Fill the frame/ }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(api.callsTo("PATCH", "/api/recordings/42").some((c) => (c.body as { fit?: string }).fit === "fit")).toBe(true), WAIT);
    await waitFor(() => expect(api.callsTo("GET", "/api/recordings/42/renders").length).toBeGreaterThan(1), WAIT);
    expect((await screen.findByTestId("stale-video-note", {}, WAIT)).textContent).toMatch(/made before your latest changes/);
    expect(screen.queryByRole("link", { name: "Download .mp4" })).toBeNull();
    // The older video still plays: the camper's last video is never hidden.
    expect(screen.getByTestId("finished-video").getAttribute("src")).toBe("/api/renders/7/media");
  });

  it("with the clips' own sound and captions left automatic, says captions follow a reading of the script", async () => {
    serve({ show: buildShow(43, { narration: "We paddled across the lake.", audioSource: "original", captions: null }), renders: () => [] });
    renderEditor(43);
    const box = await screen.findByRole("checkbox", { name: "Burn in captions of the narration" }, WAIT);
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).toMatch(/read your script aloud in your clips, captions are added automatically/);
  });

  it("says in the server's words why a render was not started (the camper's renders already waiting)", async () => {
    serve({ show: buildShow(42, { narration: "We paddled across the lake." }), startRender: () => json({ message: RENDER_MESSAGES.queueFull(3) }, 429) });
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Render video" }, WAIT));
    expect((await screen.findByText(RENDER_MESSAGES.queueFull(3), {}, WAIT)).getAttribute("role")).toBe("alert");
  });
});
