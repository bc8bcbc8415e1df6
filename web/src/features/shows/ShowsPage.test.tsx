import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { ShowsPage } from "./ShowsPage.tsx";
import { buildShow, buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderShows() {
  return renderAt("/shows", <Route path="/shows" component={ShowsPage} />);
}

// Newest first, as the API sends them.
const twelve = Array.from({ length: 12 }, (_, i) => buildShow(12 - i));

describe("My Shows", () => {
  it("shows the first 10, then all 12 after Show more, following the cursor header", async () => {
    const { calls } = mockFetch({
      user: buildUser({ recordingsCount: 12 }),
      handler: ({ method, url }) => {
        if (method !== "GET" || url.pathname !== "/api/recordings") return undefined;
        if (url.searchParams.get("limit") !== "10") return json({ message: "bad limit" }, { status: 400 });
        const cursor = url.searchParams.get("cursor");
        if (!cursor) return json(twelve.slice(0, 10), { headers: { "x-next-cursor": "page-2" } });
        if (cursor === "page-2") return json(twelve.slice(10));
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderShows();

    expect(screen.getByRole("heading", { level: 1, name: "My Shows" })).toBeTruthy();
    expect(screen.getByText("Loading shows...")).toBeTruthy();

    const list = await screen.findByRole("list", { name: "Your shows" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByRole("link", { name: "View Show number 12" }).getAttribute("href")).toBe("/shows/12");
    expect(screen.getByRole("link", { name: "Edit Show number 12" }).getAttribute("href")).toBe("/edit?id=12");
    expect(screen.queryByRole("link", { name: "View Show number 2" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(12));
    expect(screen.getByRole("link", { name: "View Show number 1" }).getAttribute("href")).toBe("/shows/1");
    // Focus moves to the first newly shown card.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "View Show number 2" })));
    // The last page has no cursor, so there is nothing more to load.
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();

    const listCalls = calls.filter((c) => c.url.pathname === "/api/recordings");
    expect(listCalls.map((c) => c.url.search)).toEqual(["?limit=10", "?limit=10&cursor=page-2"]);
  });

  it("marks drafts and shows a narration excerpt", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) =>
        url.pathname === "/api/recordings"
          ? json([buildShow(1, { isDraft: true, narration: "Draft saved - waiting for AI generation" })])
          : undefined,
    });
    renderShows();
    await screen.findByRole("link", { name: "View Show number 1" });
    expect(screen.getByText("Draft")).toBeTruthy();
    expect(screen.getByText("Draft saved - waiting for AI generation")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows \"Failed to fetch recordings\" with the status when the list fails", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => (url.pathname === "/api/recordings" ? json({ message: "boom" }, { status: 500 }) : undefined),
    });
    renderShows();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch recordings: 500");
  });

  it("invites a camper with no shows to create one", async () => {
    mockFetch({ user: buildUser(), handler: ({ url }) => (url.pathname === "/api/recordings" ? json([]) : undefined) });
    renderShows();
    const link = await screen.findByRole("link", { name: "Create your first story" });
    expect(link.getAttribute("href")).toBe("/home");
  });
});
