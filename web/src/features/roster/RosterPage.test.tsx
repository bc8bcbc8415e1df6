import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import { ROSTER_MESSAGES, type CampSession, type RosterResult } from "../../../../contracts/roster.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { RosterPage } from "./RosterPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const director = buildUser({ id: 9, username: "director_kim", role: "admin" });
const CSV = "first_name,last_initial,cabin,session,media_release\nZoë,D,Pines,July,yes\nBen,K,Cedars,July,no\nAva,,Pines,July,yes\nMia,R,Pines,July,yes";
const base = { firstName: "Zoë", lastInitial: "D", cabin: "Pines", session: "July", mediaRelease: true };
const answer: RosterResult = {
  made: [
    { ...base, line: 2, userId: 5, username: "zoe.d", code: "KQ7M-3XPR" },
    { ...base, line: 3, userId: 6, username: "ben.k", firstName: "Ben", lastInitial: "K", cabin: "Cedars", mediaRelease: false, code: "ABCD-EFGH" },
  ],
  matched: [{ ...base, line: 5, userId: 4, username: "mia.r", firstName: "Mia", lastInitial: "R", updated: false }],
  refused: [{ line: 4, message: "Line 4: the last initial is empty (one letter, like D)" }],
};
const sessions: CampSession[] = [{ id: 1, name: "July", campers: 3, deleteRequestedAt: null, deleteAt: null }];

function renderRoster() {
  return renderAt(
    "/staff/roster",
    <Switch>
      <StaffRoute path="/staff/roster" component={RosterPage} admin />
    </Switch>,
  );
}

describe("the roster page", () => {
  it("imports pasted CSV as text/csv, shows made, matched and refused rows with line and why, and prints a cabin's cards", async () => {
    const { calls } = mockFetch({
      user: director,
      handler: ({ url, method }) => {
        if (url.pathname === "/api/staff/camp-sessions") return json(sessions);
        if (url.pathname === "/api/staff/roster" && method === "POST") return json(answer);
        return undefined;
      },
    });
    const fetchBodies: { type: string | null; body: unknown }[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      fetchBodies.push({ type: new Headers(init?.headers).get("content-type"), body: init?.body });
      return original(input, init);
    });
    const { container } = renderRoster();
    expect(await screen.findByText(ROSTER_MESSAGES.privacy)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Roster" }).getAttribute("aria-current")).toBe("page");

    fireEvent.change(screen.getByLabelText("Roster (CSV)"), { target: { value: CSV } });
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect((await screen.findByRole("status")).textContent).toBe("Made 2 campers, matched 1, refused 1.");
    expect(calls.filter((c) => c.url.pathname === "/api/staff/roster").map((c) => [c.method, c.body])).toEqual([["POST", CSV]]);
    expect(fetchBodies.find((b) => b.body === CSV)?.type).toBe("text/csv");

    const refused = screen.getByRole("region", { name: "Refused rows" });
    expect(within(refused).getByText("4")).toBeTruthy();
    expect(within(refused).getByText("Line 4: the last initial is empty (one letter, like D)")).toBeTruthy();
    const made = screen.getByRole("region", { name: "New campers" });
    expect(within(made).getByText("KQ7M-3XPR")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Already here" })).getByText("mia.r")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Camp sessions" })).toBeTruthy();

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    // The cards of one cabin: only its campers, with their codes.
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await userEvent.selectOptions(screen.getByLabelText("Cards for"), "Pines");
    await userEvent.click(screen.getByRole("button", { name: "Print cards" }));
    const cards = screen.getByRole("region", { name: "Sign-in cards" });
    expect(within(cards).getAllByRole("article").map((card) => card.textContent)).toEqual([expect.stringContaining("KQ7M-3XPR")]);
    expect(within(cards).getByText("Zoë")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Back to the import" }));
    expect(screen.getByRole("region", { name: "New campers" })).toBeTruthy();
  });

  it("says why an import was refused, and asks for a roster before sending nothing", async () => {
    const { calls } = mockFetch({
      user: director,
      handler: ({ url }) => {
        if (url.pathname === "/api/staff/camp-sessions") return json([]);
        if (url.pathname === "/api/staff/roster") return json({ message: "The header (line 1) is missing the column media_release" }, { status: 400 });
        return undefined;
      },
    });
    renderRoster();
    await userEvent.click(await screen.findByRole("button", { name: "Import" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Paste the roster or choose its file first.");
    expect(calls.some((c) => c.url.pathname === "/api/staff/roster")).toBe(false);

    const file = new File(["first_name,last_initial,cabin,session\nAva,D,Pines,July"], "roster.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("Or choose a .csv file"), file);
    await vi.waitFor(() => expect((screen.getByLabelText("Roster (CSV)") as HTMLTextAreaElement).value).toContain("Ava,D,Pines,July"));
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The header (line 1) is missing the column media_release");
    expect(screen.getByText("No sessions yet: importing a roster makes them.")).toBeTruthy();
  });

  it("is the director's: a counselor is told so, without asking the server", async () => {
    const { calls } = mockFetch({ user: buildUser({ role: "counselor" }) });
    renderRoster();
    expect(await screen.findByRole("heading", { name: "For the camp director" })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith("/api/staff"))).toBe(false);
  });
});
