import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import type { Board, BoardCamper } from "../../../../contracts/board.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { StaffBoardPage } from "./StaffBoardPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pines = { id: 1, name: "Pines" };
const oaks = { id: 2, name: "Oaks" };
const july = { id: 5, name: "July A" };

function camper(id: number, overrides: Partial<BoardCamper> = {}): BoardCamper {
  return {
    id,
    username: `camper${id}`,
    firstName: `Camper${id}`,
    lastInitial: "R",
    cabin: pines,
    session: july,
    mediaRelease: true,
    step: "editor",
    lastWorkedAt: "2026-07-01T12:00:00.000Z",
    show: { id: 100 + id, title: `Show ${id}` },
    waiting: null,
    ...overrides,
  };
}

const renderBoard = () => renderAt("/staff", <Switch><StaffRoute path="/staff" component={StaffBoardPage} /></Switch>);

describe("the cabin board", () => {
  it("shows each camper as a card with their step, the video to review first, and no table (a phone reads it top to bottom)", async () => {
    const board: Board = {
      campers: [
        camper(1, { firstName: "Maya", step: "sent", waiting: { count: 1, showId: 101, since: "2026-07-01T10:00:00.000Z" } }),
        camper(2, { firstName: "Léo", lastInitial: "D", step: "shared" }),
        camper(3, { firstName: null, username: "sam_k", step: "reflect", lastWorkedAt: null, show: null, mediaRelease: false }),
      ],
      cabins: [pines],
      sessions: [],
    };
    mockFetch({
      user: buildUser({ role: "counselor" }),
      handler: ({ url }) =>
        url.pathname === "/api/staff/board" ? json(board) : url.pathname === "/api/staff/cabins" ? json([{ ...pines, campers: 3 }]) : undefined,
    });
    const { container } = renderBoard();

    const list = await screen.findByRole("list", { name: "Campers" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Maya R.", "Léo D.", "sam_k"]);
    expect(within(cards[0]!).getByText("Sent for review")).toBeTruthy();
    expect(within(cards[0]!).getByText("1 video waits for your review")).toBeTruthy();
    expect(within(cards[0]!).getByRole("link", { name: "Review Maya R.'s video" }).getAttribute("href")).toBe("/staff/shows/101");
    expect(within(cards[1]!).getByText("Shared")).toBeTruthy();
    expect(within(cards[1]!).getByRole("link", { name: "Open Léo D.'s show" }).getAttribute("href")).toBe("/staff/shows/102");
    expect(within(cards[2]!).getByText("Not started yet")).toBeTruthy();
    expect(within(cards[2]!).getByText(/No media release/)).toBeTruthy();
    expect(screen.getByText("3 campers · 1 camper has a video to review")).toBeTruthy();
    await screen.findByRole("link", { name: "Print sign-in cards for Pines" });
    // A counselor of one cabin has nothing to filter by.
    expect(screen.queryByLabelText("Cabin")).toBeNull();
    // Cards in one column below the small breakpoint, not a wide table; every control a 44 px target.
    expect(container.querySelector("table")).toBeNull();
    expect(list.className).toMatch(/(^| )grid( |$)/);
    expect(list.className).not.toMatch(/(^| )grid-cols-/);
    for (const control of within(list).getAllByRole("button").concat(within(list).getAllByRole("link"))) {
      expect(control.className, control.textContent ?? "").toContain("min-h-11");
    }

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("lets the director filter by cabin and session", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ url }) => {
        if (url.pathname !== "/api/staff/board") return undefined;
        const cabin = url.searchParams.get("cabin");
        const campers = cabin === "2" ? [camper(2, { firstName: "Oakley", cabin: oaks })] : [camper(1), camper(2, { firstName: "Oakley", cabin: oaks })];
        return json({ campers, cabins: [oaks, pines], sessions: [july] } satisfies Board);
      },
    });
    renderBoard();
    await screen.findByText("2 campers");
    await userEvent.selectOptions(screen.getByLabelText("Cabin"), "Oaks");
    await screen.findByText("1 camper");
    await userEvent.selectOptions(screen.getByLabelText("Session"), "July A");
    await waitFor(() => expect(calls.some((c) => c.url.search === "?cabin=2&session=5")).toBe(true));
  });

  it("withdraws a media release from the card", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ url, method }) => {
        if (method === "PATCH" && url.pathname === "/api/staff/campers/1") return json({ id: 1, mediaRelease: false });
        if (url.pathname === "/api/staff/board") return json({ campers: [camper(1, { firstName: "Maya" })], cabins: [pines], sessions: [] } satisfies Board);
        return undefined;
      },
    });
    renderBoard();
    await userEvent.click(await screen.findByRole("button", { name: "Withdraw Maya R.'s media release" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toBe(JSON.stringify({ mediaRelease: false })));
  });
});
