import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { Route, Switch } from "wouter";
import type { RenderJob } from "../../../../contracts/renders.ts";
import { ShowDetailPage } from "./ShowDetailPage.tsx";
import { buildRender, buildShow, buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDetail(path: string) {
  return renderAt(
    path,
    <Switch>
      <Route path="/shows/:id" component={ShowDetailPage} />
      <Route path="/shows">
        <p>Shows list</p>
      </Route>
    </Switch>,
  );
}

describe("Show detail", () => {
  it("shows title, date, narration and the answers, with 'No response provided' for blank ones", async () => {
    const show = buildShow(7, {
      title: "Lake Day",
      narration: "First line\nSecond line",
      prompts: ["Explain Summer Stories", "Favorite Project", "Favorite Part"],
      responses: ["We make videos.", "", "   "],
    });
    mockFetch({ user: buildUser(), handler: ({ url }) => (url.pathname === "/api/recordings/7" ? json(show) : undefined) });
    renderDetail("/shows/7");

    expect(await screen.findByRole("heading", { level: 1, name: "Lake Day" })).toBeTruthy();
    expect(screen.getByText("We make videos.")).toBeTruthy();
    expect(screen.getAllByText("No response provided")).toHaveLength(2);
    const narration = screen.getByText(/First line/);
    expect(narration.textContent).toBe("First line\nSecond line");
    expect(narration.className).toContain("whitespace-pre-wrap");
    expect(screen.getByText(new Date(show.createdAt).toLocaleString())).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit Lake Day" }).getAttribute("href")).toBe("/record?id=7");
    expect(screen.getByRole("link", { name: "Record to the script" }).getAttribute("href")).toBe("/shows/7/shots");
    expect(screen.getByRole("link", { name: "Back to My Shows" }).getAttribute("href")).toBe("/shows");
  });

  it("renders HTML in a narration and title as plain text", async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    const show = buildShow(3, { title: "<i>tag</i> title", narration: html, responses: ["<u>answer</u>"] });
    mockFetch({ user: buildUser(), handler: ({ url }) => (url.pathname === "/api/recordings/3" ? json(show) : undefined) });
    const { container } = renderDetail("/shows/3");

    expect(await screen.findByRole("heading", { level: 1, name: "<i>tag</i> title" })).toBeTruthy();
    expect(screen.getByText(html)).toBeTruthy();
    expect(screen.getByText("<u>answer</u>")).toBeTruthy();
    expect(container.querySelector("script, img, b, i, u")).toBeNull();
  });

  it("shows 'Show Not Found' for a missing or someone else's show (404)", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => (url.pathname === "/api/recordings/99" ? json({ message: "Show not found" }, { status: 404 }) : undefined),
    });
    renderDetail("/shows/99");
    expect(await screen.findByRole("heading", { level: 1, name: "Show Not Found" })).toBeTruthy();
    expect(
      screen.getByText("The show you're looking for doesn't exist or you don't have permission to view it."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to My Shows" }).getAttribute("href")).toBe("/shows");
  });

  it("shows 'Show Not Found' without asking the server for an id that can't exist", async () => {
    const { calls } = mockFetch({ user: buildUser() });
    renderDetail("/shows/abc");
    expect(await screen.findByRole("heading", { level: 1, name: "Show Not Found" })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith("/api/recordings"))).toBe(false);
  });

  it("downloads the narration as {safe-title}.txt with the title, a blank line and the narration", async () => {
    const show = buildShow(5, { title: "Lake Day: Part 2!", narration: "We paddled." });
    mockFetch({ user: buildUser(), handler: ({ url }) => (url.pathname === "/api/recordings/5" ? json(show) : undefined) });
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return "blob:narration";
    });
    // jsdom has no object URLs: give URL its own for this test only.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, original));
    let downloaded: string | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const user = userEvent.setup();
    renderDetail("/shows/5");

    await user.click(await screen.findByRole("button", { name: "Download narration as text" }));
    expect(downloaded).toBe("Lake-Day-Part-2.txt");
    expect(await blob?.text()).toBe("Lake Day: Part 2!\n\nWe paddled.");
    expect(await screen.findByText("Download started")).toBeTruthy();
  });

  it("deletes after confirmation, then goes to My Shows with a 'Show deleted' toast", async () => {
    const { calls } = mockFetch({
      user: buildUser({ recordingsCount: 1 }),
      handler: ({ method, url }) => {
        if (url.pathname !== "/api/recordings/4") return undefined;
        if (method === "DELETE") return new Response(null, { status: 204 });
        return json(buildShow(4, { title: "Campfire" }));
      },
    });
    const user = userEvent.setup();
    const { location } = renderDetail("/shows/4");

    await user.click(await screen.findByRole("button", { name: "Delete show" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this show?" });
    expect(dialog.textContent).toContain("This deletes the show and its clips for good. This can't be undone.");
    // Cancel is the safe default and closes without deleting.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Delete show" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Shows list")).toBeTruthy();
    expect(location.history.at(-1)).toBe("/shows");
    expect(await screen.findByText("Show deleted")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url.pathname)).toEqual(["/api/recordings/4"]);
    // recordingsCount changed: the current user is fetched again; the deleted show is not.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === "/api/user")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "GET" && c.url.pathname === "/api/recordings/4")).toHaveLength(1);
  });

  it("keeps the show and explains when deleting fails", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ method, url }) => {
        if (url.pathname !== "/api/recordings/4") return undefined;
        if (method === "DELETE") return json({ message: "Database is resting" }, { status: 500 });
        return json(buildShow(4, { title: "Campfire" }));
      },
    });
    const user = userEvent.setup();
    const { location } = renderDetail("/shows/4");

    await user.click(await screen.findByRole("button", { name: "Delete show" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete show")).toBeTruthy();
    expect(screen.getByText("Database is resting")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByRole("heading", { level: 1, name: "Campfire" })).toBeTruthy();
    expect(location.history).toEqual(["/shows/4"]);
  });

  describe("final video", () => {
    const buildShowRender = (id: number, overrides: Partial<RenderJob> = {}): RenderJob =>
      buildRender(id, {
        showId: 8,
        options: { fit: "fit", audio: "voice", captions: true, voice: "flite:slt" },
        videoFormat: "youtube_shorts",
        durationSeconds: 31.2,
        finishedAt: "2025-07-01T12:01:00.000Z",
        captionsUrl: `/api/renders/${id}/captions.vtt`,
        current: false,
        ...overrides,
      });

    function withRenders(renders: RenderJob[]) {
      const show = buildShow(8, { title: "Lake Day", videoFormat: "youtube_shorts" });
      return mockFetch({
        user: buildUser(),
        handler: ({ url }) => {
          if (url.pathname === "/api/recordings/8") return json(show);
          if (url.pathname === "/api/recordings/8/renders") return json(renders);
          return undefined;
        },
      });
    }

    it("plays the render of the show's current choices with its captions track, in the show's frame", async () => {
      // The newest render was made from other choices; the older one matches the show as it is now.
      withRenders([buildShowRender(12, { current: false }), buildShowRender(11, { current: true })]);
      renderDetail("/shows/8");

      const video = (await screen.findByLabelText("Finished video of Lake Day")) as HTMLVideoElement;
      expect(video.tagName).toBe("VIDEO");
      expect(video.getAttribute("src")).toBe("/api/renders/11/media");
      expect(video.hasAttribute("controls")).toBe(true);
      expect(video.style.aspectRatio).toBe("9/16");
      const track = video.querySelector("track")!;
      expect(track.getAttribute("kind")).toBe("captions");
      expect(track.getAttribute("src")).toBe("/api/renders/11/captions.vtt");
      // Burned into the picture as well: shown by default, the track would put each line on screen twice.
      expect(track.hasAttribute("default")).toBe(false);
    });

    it("plays nothing when no finished render matches the current choices, and says how to make one", async () => {
      withRenders([buildShowRender(12, { current: false }), buildShowRender(13, { current: true, status: "running", mediaUrl: null })]);
      renderDetail("/shows/8");

      expect(await screen.findByText(/No finished video for this show's current choices yet/)).toBeTruthy();
      expect(screen.queryByLabelText("Finished video of Lake Day")).toBeNull();
      expect(document.querySelector("video")).toBeNull();
    });
  });
});
