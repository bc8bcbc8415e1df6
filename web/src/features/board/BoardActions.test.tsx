import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import { AUTH_MESSAGES } from "../../../../contracts/auth.ts";
import type { Board, BoardCamper } from "../../../../contracts/board.ts";
import { CAMPER_MESSAGES, type Cabin, type CampSession, type StaffCamper } from "../../../../contracts/roster.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
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
const cabinsList: Cabin[] = [
  { id: 2, name: "Oaks", campers: 8 },
  { id: 3, name: "Empty", campers: 0 },
  { id: 1, name: "Pines", campers: 10 },
];
const sessionsList: CampSession[] = [
  { id: 5, name: "July A", campers: 18, deleteRequestedAt: null, deleteAt: null },
  { id: 6, name: "June", campers: 0, deleteRequestedAt: "2026-07-01T00:00:00.000Z", deleteAt: "2026-08-01T00:00:00.000Z" },
];

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
    lastWorkedAt: null,
    show: null,
    waiting: null,
    ...overrides,
  };
}

/** Answers the board and the cabin and session lists; `extra` answers the action under test. */
function serve(role: "admin" | "counselor", board: Board, extra: (call: FetchCall) => Response | undefined = () => undefined, cabins = cabinsList) {
  return mockFetch({
    user: buildUser({ role }),
    handler: (call) => {
      const { url, method } = call;
      if (method === "GET" && url.pathname === "/api/staff/board") return json(board);
      if (method === "GET" && url.pathname === "/api/staff/cabins") return json(cabins);
      if (method === "GET" && url.pathname === "/api/staff/camp-sessions") return json(sessionsList);
      return extra(call);
    },
  });
}

const renderBoard = () => renderAt("/staff", <Switch><StaffRoute path="/staff" component={StaffBoardPage} /></Switch>);

describe("printing a cabin's sign-in cards from the board", () => {
  it("gives a counselor a link to their cabin's sheet", async () => {
    serve("counselor", { campers: [camper(1)], cabins: [pines], sessions: [] }, undefined, [{ id: 1, name: "Pines", campers: 10 }]);
    renderBoard();
    const link = await screen.findByRole("link", { name: "Print sign-in cards for Pines" });
    expect(link.getAttribute("href")).toBe("/staff/cabins/1/cards");
    expect(link.className).toContain("min-h-11");
  });

  it("lists every cabin with campers for the director, and only the cabin chosen in the filter", async () => {
    serve("admin", { campers: [camper(1), camper(2, { cabin: oaks })], cabins: [oaks, pines], sessions: [july] });
    const { container } = renderBoard();
    const list = await screen.findByRole("list", { name: "Sign-in cards" });
    expect(within(list).getAllByRole("link").map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Print sign-in cards for Oaks", "/staff/cabins/2/cards"],
      ["Print sign-in cards for Pines", "/staff/cabins/1/cards"],
    ]);
    // Several cabins fold under one summary the keyboard opens.
    expect(screen.getByText("Print sign-in cards (2 cabins)").tagName).toBe("SUMMARY");
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText("Cabin"), "Oaks");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Print sign-in cards for Pines" })).toBeNull());
    expect(screen.getByRole("link", { name: "Print sign-in cards for Oaks" }).getAttribute("href")).toBe("/staff/cabins/2/cards");
  });
});

describe("setting a camper's password from their card", () => {
  it("sends the password, shows the rules and the server's refusal in the dialog, and says how the camper signs in", async () => {
    let answer: Response = json({ message: AUTH_MESSAGES.commonPassword }, { status: 400 });
    const { calls } = serve("counselor", { campers: [camper(1, { firstName: "Maya", username: "maya_r" })], cabins: [pines], sessions: [] }, ({ url, method }) =>
      method === "PUT" && url.pathname === "/api/staff/campers/1/password" ? answer : undefined,
    );
    renderBoard();
    await userEvent.click(await screen.findByRole("button", { name: "Set a password for Maya R." }));
    const dialog = await screen.findByRole("alertdialog");
    const field = within(dialog).getByLabelText("New password for Maya R.");
    expect(within(dialog).getByText(/At least 8 characters/)).toBeTruthy();

    // Too short: said at once, nothing sent.
    await userEvent.type(field, "canoe");
    await userEvent.click(within(dialog).getByRole("button", { name: "Set the password" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The password needs at least 8 characters.");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    // The server refuses a common password: its sentence, in the dialog, which stays open.
    await userEvent.clear(field);
    await userEvent.type(field, "password123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Set the password" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(AUTH_MESSAGES.commonPassword));
    expect(calls.find((c) => c.method === "PUT")?.body).toBe(JSON.stringify({ password: "password123" }));
    expect(field.getAttribute("aria-invalid")).toBe("true");

    answer = new Response(null, { status: 204 });
    await userEvent.clear(field);
    await userEvent.type(field, "loon paddle sunrise");
    await userEvent.click(within(dialog).getByRole("button", { name: "Set the password" }));
    expect(await screen.findByText("Maya R. can now sign in with their username maya_r and that password. Their sign-in card keeps working.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toBe(JSON.stringify({ password: "loon paddle sunrise" }));
  });
});

describe("placing a camper in a cabin", () => {
  it("lets the director place a self-registered camper, offering the camp's cabins and sessions, and refreshes the board", async () => {
    let placed = false;
    const board = (): Board => ({
      campers: [placed ? camper(3, { firstName: null, lastInitial: null, username: "sam_k", cabin: oaks, session: july }) : camper(3, { firstName: null, lastInitial: null, username: "sam_k", cabin: null, session: null })],
      cabins: [oaks, pines],
      sessions: [july],
    });
    const after: StaffCamper = { id: 3, username: "sam_k", firstName: null, lastInitial: null, cabin: "Oaks", session: "July A", mediaRelease: true, hasPassword: false, hasCode: false };
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ url, method }) => {
        if (method === "GET" && url.pathname === "/api/staff/board") return json(board());
        if (method === "GET" && url.pathname === "/api/staff/cabins") return json(cabinsList);
        if (method === "GET" && url.pathname === "/api/staff/camp-sessions") return json(sessionsList);
        if (method === "PATCH" && url.pathname === "/api/staff/campers/3") {
          placed = true;
          return json(after);
        }
        return undefined;
      },
    });
    renderBoard();
    const card = await screen.findByTestId("board-camper-3");
    expect(within(card).getByText("No cabin yet")).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Place sam_k in a cabin" }));
    const dialog = await screen.findByRole("alertdialog");
    const cabinField = within(dialog).getByLabelText("Cabin");
    const sessionField = within(dialog).getByLabelText("Camp session (optional)");
    // The names offered are the camp's (a session marked for deletion is not offered).
    await waitFor(() => expect(optionsOf(cabinField)).toEqual(["Oaks", "Empty", "Pines"]));
    await waitFor(() => expect(optionsOf(sessionField)).toEqual(["July A"]));

    // No cabin named: said in the dialog, nothing sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Place" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Please name the cabin sam_k sleeps in.");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    const boardLoads = calls.filter((c) => c.url.pathname === "/api/staff/board").length;
    await userEvent.type(cabinField, "Oaks");
    await userEvent.type(sessionField, "July A");
    await userEvent.click(within(dialog).getByRole("button", { name: "Place" }));
    expect(await screen.findByText("sam_k is in Oaks, July A")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toBe(JSON.stringify({ cabin: "Oaks", session: "July A" }));
    // The board asks again and the card shows the new cabin.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === "/api/staff/board").length).toBeGreaterThan(boardLoads));
    expect(await within(screen.getByTestId("board-camper-3")).findByText("Oaks · July A")).toBeTruthy();
    expect(within(screen.getByTestId("board-camper-3")).getByRole("button", { name: "Move sam_k" })).toBeTruthy();
  });

  it("shows the server's refusal in the dialog when a move is refused", async () => {
    serve("admin", { campers: [camper(1, { firstName: "Maya" })], cabins: [pines], sessions: [july] }, ({ method }) =>
      method === "PATCH" ? json({ message: CAMPER_MESSAGES.placeAdminOnly }, { status: 403 }) : undefined,
    );
    renderBoard();
    await userEvent.click(await screen.findByRole("button", { name: "Move Maya R." }));
    const dialog = await screen.findByRole("alertdialog");
    // The camper's cabin and session are filled in; clearing the session takes them out of it.
    expect((within(dialog).getByLabelText("Cabin") as HTMLInputElement).value).toBe("Pines");
    await userEvent.clear(within(dialog).getByLabelText("Cabin"));
    await userEvent.type(within(dialog).getByLabelText("Cabin"), "Oaks");
    await userEvent.clear(within(dialog).getByLabelText("Camp session (optional)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(CAMPER_MESSAGES.placeAdminOnly);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("is not offered to a counselor", async () => {
    serve("counselor", { campers: [camper(1, { firstName: "Maya" }), camper(2, { cabin: null, session: null })], cabins: [pines], sessions: [] });
    renderBoard();
    await screen.findByRole("button", { name: "Set a password for Maya R." });
    expect(screen.queryByRole("button", { name: /^Move |in a cabin$/ })).toBeNull();
  });
});

function optionsOf(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute("list") ?? "");
  return Array.from(list?.querySelectorAll("option") ?? []).map((o) => o.getAttribute("value") ?? "");
}
