import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import type { Reel, ReelCandidate } from "../../../../contracts/reels.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { NewReelPage } from "./NewReelPage.tsx";

const ROW_HEIGHT = 60;
const counselor = buildUser({ id: 9, username: "coach_rivera", role: "counselor" });

function candidate(showId: number, firstName: string, title: string, extra: Partial<ReelCandidate> = {}): ReelCandidate {
  return { showId, renderJobId: showId * 10, title, firstName, lastInitial: "Q", cabinName: "Pines", durationSeconds: 42, mediaRelease: true, mediaUrl: `/api/staff/renders/${showId * 10}/media`, posterUrl: `/api/staff/renders/${showId * 10}/poster`, ...extra };
}

const candidates = [candidate(1, "Zoë", "Lake Day"), candidate(2, "Liam", "Fire Songs"), candidate(3, "Ana", "Canoe Race"), candidate(4, "Kai", "Arts Day", { mediaRelease: false })];

function reel(body: { items: { showId: number }[] }): Reel {
  return {
    id: 5, title: "Pines", cabinId: 3, cabinName: "Pines", sessionId: null, sessionName: null, format: "youtube", captions: true, maxSecondsPerCamper: 20,
    items: body.items.map((i) => ({ showId: i.showId, renderJobId: i.showId * 10, startSeconds: 0, seconds: 20 })),
    createdBy: "coach_rivera", createdAt: "2026-07-01T12:00:00.000Z", status: "queued", progress: 0, message: null, durationSeconds: null, mediaUrl: null, downloadUrl: null, captionsUrl: null,
  };
}

const order = () => screen.getAllByTestId("reel-order-row").map((row) => row.textContent?.replace(/^\d+\./, "").trim());

describe("the new reel page", () => {
  beforeEach(() => {
    // jsdom has no layout: each order row is ROW_HEIGHT tall, stacked in document order.
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const row = this.closest('[data-testid="reel-order-row"]');
      const rows = [...document.querySelectorAll('[data-testid="reel-order-row"]')];
      const top = (row ? rows.indexOf(row) : 0) * ROW_HEIGHT;
      return { x: 0, y: top, top, left: 0, right: 400, bottom: top + ROW_HEIGHT, width: 400, height: ROW_HEIGHT, toJSON: () => ({}) };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("lets a counselor tick their cabin's approved videos, reorder them by keyboard, and make the reel in that order", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      user: counselor,
      handler: ({ method, url, body }) => {
        if (url.pathname === "/api/staff/reels/choices") return json({ cabins: [{ id: 3, name: "Pines" }], sessions: [{ id: 2, name: "July A" }] });
        if (url.pathname === "/api/staff/reels/candidates") return json(url.searchParams.get("cabinId") === "3" ? candidates : []);
        if (method === "POST" && url.pathname === "/api/staff/reels") return json(reel(JSON.parse(body!)), { status: 202 });
        if (url.pathname === "/api/staff/reels") return json([]);
        return undefined;
      },
    });
    const { container, location } = renderAt(
      "/staff/reels/new",
      <Switch>
        <StaffRoute path="/staff/reels/new" component={NewReelPage} />
        <StaffRoute path="/staff/reels" component={() => <p>Reels list</p>} />
      </Switch>,
    );

    await screen.findByRole("option", { name: "Pines cabin" });
    await user.selectOptions(screen.getByLabelText("Cabin or session"), "cabin:3");
    expect((await screen.findByRole("link", { name: "Download all approved (zip)" })).getAttribute("href")).toBe("/api/staff/cabins/3/approved.zip");
    // Kai has no media release: shown with the reason, cannot be ticked.
    const kai = await screen.findByRole("checkbox", { name: /Kai Q\./ });
    expect((kai as HTMLInputElement).disabled).toBe(true);
    expect(kai.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/No media release: left out of reels/)).toBeTruthy();
    // Each video is a still picture (decorative, sized so the list does not jump), never a video player.
    expect(container.querySelector("video")).toBeNull();
    const posters = [...container.querySelectorAll("img")];
    expect(posters.map((img) => img.getAttribute("src"))).toEqual(candidates.map((c) => c.posterUrl));
    expect(posters.every((img) => img.getAttribute("alt") === "" && img.getAttribute("width") === "96" && img.getAttribute("height") === "54")).toBe(true);

    await user.click(screen.getByRole("checkbox", { name: /Zoë Q\./ }));
    await user.click(screen.getByRole("checkbox", { name: /Liam Q\./ }));
    await user.click(screen.getByRole("checkbox", { name: /Ana Q\./ }));
    expect(order()).toEqual(["Zoë Q.: Lake Day", "Liam Q.: Fire Songs", "Ana Q.: Canoe Race"]);

    // Keyboard: Space picks Ana up, two rows up (60 px each, 25 px a press), Space drops her first.
    screen.getByRole("button", { name: "Move Ana Q.: Canoe Race" }).focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.body.textContent).toContain("Picked up Ana Q.: Canoe Race. Position 3 of 3.");
    for (let i = 0; i < 5; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Space]");
    expect(order()).toEqual(["Ana Q.: Canoe Race", "Zoë Q.: Lake Day", "Liam Q.: Fire Songs"]);
    expect(document.body.textContent).toContain("Ana Q.: Canoe Race dropped at position 1 of 3.");

    // Escape puts a picked-up video back.
    screen.getByRole("button", { name: "Move Liam Q.: Fire Songs" }).focus();
    await user.keyboard("[Enter]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 3; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Escape]");
    expect(order()).toEqual(["Ana Q.: Canoe Race", "Zoë Q.: Lake Day", "Liam Q.: Fire Songs"]);

    await user.type(screen.getByLabelText("Longest part per camper (seconds, optional)"), "20");
    await user.selectOptions(screen.getByLabelText("Format"), "youtube");
    expect(screen.getByText("3 videos, about 1:04 with the title card.")).toBeTruthy();

    const results = await axe.run(container, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Make reel" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/staff/reels?made=5"));
    const sent = calls.find((c) => c.method === "POST" && c.url.pathname === "/api/staff/reels")!;
    expect(JSON.parse(sent.body!)).toEqual({ cabinId: 3, format: "youtube", captions: true, maxSecondsPerCamper: 20, items: [{ showId: 3 }, { showId: 1 }, { showId: 2 }] });
  });

  it("says why the server refused the reel", async () => {
    const user = userEvent.setup();
    mockFetch({
      user: counselor,
      handler: ({ method, url }) => {
        if (url.pathname === "/api/staff/reels/choices") return json({ cabins: [{ id: 3, name: "Pines" }], sessions: [] });
        if (url.pathname === "/api/staff/reels/candidates") return json(candidates.slice(0, 1));
        if (method === "POST") return json({ message: '"Lake Day" is not approved yet, so it cannot be in a reel' }, { status: 409 });
        return undefined;
      },
    });
    renderAt("/staff/reels/new", <StaffRoute path="/staff/reels/new" component={NewReelPage} />);
    await screen.findByRole("option", { name: "Pines cabin" });
    await user.selectOptions(screen.getByLabelText("Cabin or session"), "cabin:3");
    await user.click(await screen.findByRole("checkbox", { name: /Zoë Q\./ }));
    await user.click(screen.getByRole("button", { name: "Make reel" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert.parentElement!).getByText('"Lake Day" is not approved yet, so it cannot be in a reel')).toBeTruthy();
  });
});
