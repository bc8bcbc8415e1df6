import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import type { StaffAccount } from "../../../../contracts/staff-team.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { forgetPasswordCheck } from "../../components/auth/password-check.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { TeamPage } from "./TeamPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordCheck();
});

const director = buildUser({ id: 9, username: "director_kim", role: "admin" });
const team: StaffAccount[] = [
  { id: 9, username: "director_kim", role: "admin", cabins: [], isYou: true },
  { id: 12, username: "coach_rivera", role: "counselor", cabins: ["Pines"], isYou: false },
];

function reauth({ method, url, body }: FetchCall) {
  if (method !== "POST" || url.pathname !== "/api/staff/reauth") return undefined;
  return JSON.parse(body ?? "{}").password === "director-passphrase" ? json({ confirmedForSeconds: 300 }) : json({ message: "That password is not right" }, { status: 403 });
}

describe("the staff team page", () => {
  it("lists the staff, adds a counselor once the password is typed again, and saves a counselor's cabins", async () => {
    const { calls } = mockFetch({
      user: director,
      handler: (call) => {
        const { url, method, body } = call;
        if (url.pathname === "/api/staff/accounts" && method === "GET") return json(team);
        if (url.pathname === "/api/staff/accounts" && method === "POST") {
          const sent = JSON.parse(body ?? "{}");
          return json({ id: 13, username: sent.username, role: sent.role, cabins: sent.cabins, isYou: false }, { status: 201 });
        }
        if (url.pathname === "/api/staff/accounts/12" && method === "PATCH") return json({ ...team[1], cabins: JSON.parse(body ?? "{}").cabins });
        return reauth(call);
      },
    });
    const { container } = renderAt("/staff/team", <Switch><StaffRoute path="/staff/team" component={TeamPage} admin /></Switch>);
    const list = await screen.findByRole("list", { name: "Staff members" });
    expect(within(list).getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent)).toEqual(["director_kim · Director (admin) (you)", "coach_rivera · Counselor"]);
    // The director's own account has no Remove button.
    expect(screen.queryByRole("button", { name: "Remove director_kim" })).toBeNull();
    expect(screen.getByRole("button", { name: "Remove coach_rivera" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "coach_lee" } });
    fireEvent.change(screen.getByLabelText("First password (at least 8 characters)"), { target: { value: "birch-trail-lantern" } });
    fireEvent.change(screen.getByLabelText("Cabins (separated by commas)"), { target: { value: "Pines, Cedars" } });
    await userEvent.click(screen.getByRole("button", { name: "Add staff member" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Type your password again" });
    expect(calls.some((c) => c.method === "POST" && c.url.pathname === "/api/staff/accounts")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "director-passphrase" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("status")).textContent).toBe("Added coach_lee.");
    expect(JSON.parse(calls.find((c) => c.method === "POST" && c.url.pathname === "/api/staff/accounts")!.body!)).toEqual({
      username: "coach_lee",
      password: "birch-trail-lantern",
      role: "counselor",
      cabins: ["Pines", "Cedars"],
    });

    fireEvent.change(screen.getByLabelText("Cabins of coach_rivera"), { target: { value: "Pines, Birches" } });
    await userEvent.click(within(screen.getAllByRole("listitem")[1]!).getByRole("button", { name: "Save cabins" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PATCH").map((c) => JSON.parse(c.body!))).toEqual([{ cabins: ["Pines", "Birches"] }]));

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
