import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Reel } from "../../../../contracts/reels.ts";
import type { ShareLink } from "../../../../contracts/shares.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { ReelsPage } from "./ReelsPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const counselor = buildUser({ id: 9, username: "coach_rivera", role: "counselor" });

function reel(id: number, extra: Partial<Reel> = {}): Reel {
  return {
    id, title: `Reel ${id}`, cabinId: 3, cabinName: "Pines", sessionId: null, sessionName: null, format: "youtube", captions: true, maxSecondsPerCamper: null,
    items: [{ showId: 1, renderJobId: 10, startSeconds: 0, seconds: 20 }, { showId: 2, renderJobId: 20, startSeconds: 0, seconds: 20 }],
    createdBy: "coach_rivera", createdAt: "2026-07-01T12:00:00.000Z", status: "done", progress: 100, message: null, durationSeconds: 44,
    mediaUrl: `/api/staff/reels/${id}/media`, downloadUrl: `/api/staff/reels/${id}/media?download=1`, captionsUrl: `/api/staff/reels/${id}/captions.vtt`, ...extra,
  };
}

const link = (id: number, extra: Partial<ShareLink> = {}): ShareLink => ({
  id, showId: null, reelId: 7, state: "active", views: 2, createdAt: "2026-07-01T12:00:00.000Z", expiresAt: "2026-07-08T12:00:00.000Z", revokedAt: null, lastViewedAt: null, ...extra,
});

describe("the cabin reels page", () => {
  it("shows a reel being made with its progress, a failed one with why, and a ready one to play, download and share", async () => {
    const user = userEvent.setup();
    let links: ShareLink[] = [];
    const { calls } = mockFetch({
      user: counselor,
      handler: ({ method, url }) => {
        if (url.pathname === "/api/staff/reels") {
          return json([reel(8, { title: "Canoe week", status: "running", progress: 40, mediaUrl: null, downloadUrl: null, captionsUrl: null, durationSeconds: null }), reel(6, { title: "Old", status: "failed", message: "A video in this reel is no longer available. Make the reel again.", mediaUrl: null, downloadUrl: null, captionsUrl: null, durationSeconds: null }), reel(7, { title: "Pines, summer" })]);
        }
        if (method === "GET" && url.pathname === "/api/staff/reels/7/shares") return json({ links });
        if (method === "POST" && url.pathname === "/api/staff/reels/7/shares") {
          links = [link(31)];
          return json({ share: links[0], token: "AbCdEfGhIjKlMnOpQrStUvWxYz012345", path: "/s/AbCdEfGhIjKlMnOpQrStUvWxYz012345" }, { status: 201 });
        }
        if (method === "DELETE" && url.pathname === "/api/staff/reels/7/shares/31") {
          links = [link(31, { state: "revoked", revokedAt: "2026-07-02T12:00:00.000Z" })];
          return json(links[0]);
        }
        return undefined;
      },
    });
    const { container } = renderAt("/staff/reels", <StaffRoute path="/staff/reels" component={ReelsPage} />);

    const making = (await screen.findByRole("heading", { name: "Canoe week" })).closest("li")!;
    expect(within(making).getByRole("progressbar", { name: "Canoe week progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(within(making).getByText("Being made (40%)")).toBeTruthy();
    const failed = screen.getByRole("heading", { name: "Old" }).closest("li")!;
    expect(within(failed).getByText("A video in this reel is no longer available. Make the reel again.")).toBeTruthy();

    const ready = screen.getByRole("heading", { name: "Pines, summer" }).closest("li")!;
    expect(within(ready).getByText("Pines cabin · 2 videos · 0:44")).toBeTruthy();
    expect(ready.querySelector("video")?.getAttribute("src")).toBe("/api/staff/reels/7/media");
    expect(ready.querySelector("track")?.getAttribute("src")).toBe("/api/staff/reels/7/captions.vtt");
    expect(within(ready).getByRole("link", { name: "Download .mp4" }).getAttribute("href")).toBe("/api/staff/reels/7/media?download=1");
    expect(within(ready).getByRole("link", { name: "Download all approved (zip)" }).getAttribute("href")).toBe("/api/staff/cabins/3/approved.zip");

    await user.click(within(ready).getByRole("button", { name: "Share links…" }));
    await user.selectOptions(within(ready).getByLabelText("Link works for"), "30");
    await user.click(within(ready).getByRole("button", { name: "Make share link" }));
    expect((await within(ready).findByRole("status")).textContent).toContain("/s/AbCdEfGhIjKlMnOpQrStUvWxYz012345");
    expect(JSON.parse(calls.find((c) => c.method === "POST")!.body!)).toEqual({ days: 30 });
    await user.click(await within(ready).findByRole("button", { name: "Turn off link 31" }));
    await waitFor(() => expect(within(ready).getByText(/Link 31: revoked/)).toBeTruthy());

    const results = await axe.run(container, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
