import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { forgetPasswordCheck } from "../../components/auth/password-check.tsx";
import { RetentionPanel } from "./RetentionPanel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordCheck();
});

/** The staff member types their password in the dialog that asks for it. */
async function typePassword(password = "coach-passphrase") {
  const dialog = await screen.findByRole("alertdialog", { name: "Type your password again" });
  fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
}

/** POST /api/staff/reauth, where the right password is "coach-passphrase". */
function reauth({ method, url, body }: FetchCall) {
  if (method !== "POST" || url.pathname !== "/api/staff/reauth") return undefined;
  return JSON.parse(body ?? "{}").password === "coach-passphrase"
    ? json({ confirmedForSeconds: 300 })
    : json({ message: "That password is not right" }, { status: 403 });
}

const rule = { startsOn: "2026-08-31", afterDays: 30, deleteAt: "2026-09-30T00:00:00.000Z", setByUsername: "staff_amy", setAt: "2026-08-01T00:00:00.000Z", executedAt: null };
const item = { kind: "clip", id: 4, camperUserId: 2, camperUsername: "jo", showId: 1, storageKeys: ["users/2/clips/a.webm"], createdAt: "2026-08-01T00:00:00.000Z" };

describe("Staff retention panel", () => {
  it("warns in the rule's last week with what it will delete, and sets a new rule once the password is typed again", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: (call) => {
        const { url, method } = call;
        if (url.pathname !== "/api/staff/retention") return reauth(call);
        if (method === "PUT") return json({ ...rule, startsOn: "2026-09-10", deleteAt: "2026-10-10T00:00:00.000Z" });
        return json({ rule, warning: true, items: [item, { ...item, id: 5 }], campers: 1 });
      },
    });
    renderAt("/staff", <RetentionPanel />);
    expect((await screen.findByTestId("retention-warning")).textContent).toBe("On September 30, 2026 the retention rule deletes 2 media items of 1 campers.");
    fireEvent.change(screen.getByLabelText("Count from (date)"), { target: { value: "2026-09-10" } });
    fireEvent.change(screen.getByLabelText("Days after"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Set retention rule" }));
    // Nothing is sent until the password is right.
    await typePassword("not-it-at-all");
    expect((await within(screen.getByRole("alertdialog")).findByRole("alert")).textContent).toBe("That password is not right");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await typePassword();
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PUT").map((c) => c.url.pathname)).toEqual(["/api/staff/retention"]));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // Fresh for a few minutes: the next change is sent without asking again.
    fireEvent.click(screen.getByRole("button", { name: "Set retention rule" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.filter((c) => c.url.pathname === "/api/staff/reauth")).toHaveLength(2);
  });

  it("removes a rule after asking and after the password, and then says no rule is set", async () => {
    let current: typeof rule | null = rule;
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: (call) => {
        const { url, method } = call;
        if (url.pathname !== "/api/staff/retention") return reauth(call);
        if (method === "DELETE") {
          current = null;
          return new Response(null, { status: 204 });
        }
        return json({ rule: current, warning: false, items: current ? [item] : [], campers: current ? 1 : 0 });
      },
    });
    renderAt("/staff", <RetentionPanel />);
    await screen.findByTestId("retention-rule");
    fireEvent.click(screen.getByRole("button", { name: "Remove retention rule" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Nothing will be deleted on that date.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove rule" }));
    await typePassword();
    expect(await screen.findByText("No retention rule is set.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url.pathname)).toEqual(["/api/staff/retention"]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("keeps the rule and says why when the removal is refused", async () => {
    mockFetch({
      user: buildUser({ role: "admin" }),
      handler: (call) => {
        const { url, method } = call;
        if (url.pathname !== "/api/staff/retention") return reauth(call);
        if (method === "DELETE") return json({ message: "Staff only" }, { status: 403 });
        return json({ rule, warning: false, items: [item], campers: 1 });
      },
    });
    renderAt("/staff", <RetentionPanel />);
    await screen.findByTestId("retention-rule");
    fireEvent.click(screen.getByRole("button", { name: "Remove retention rule" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove rule" }));
    await typePassword();
    expect((await screen.findByRole("alert")).textContent).toBe("Staff only");
    expect(screen.getByTestId("retention-rule")).toBeTruthy();
  });

  it("asks for the password again when the server says it was typed too long ago, then sends the change", async () => {
    let puts = 0;
    mockFetch({
      user: buildUser({ role: "admin" }),
      handler: (call) => {
        const { url, method } = call;
        if (url.pathname !== "/api/staff/retention") return reauth(call);
        if (method === "PUT") {
          puts += 1;
          // The first change arrives after the server's few minutes are over.
          return puts === 2 ? json({ message: "Please type your password again to do this." }, { status: 403 }) : json(rule);
        }
        return json({ rule: null, warning: false, items: [], campers: 0 });
      },
    });
    renderAt("/staff", <RetentionPanel />);
    fireEvent.change(await screen.findByLabelText("Count from (date)"), { target: { value: "2026-09-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Set retention rule" }));
    await typePassword();
    await vi.waitFor(() => expect(puts).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Set retention rule" }));
    await typePassword();
    await vi.waitFor(() => expect(puts).toBe(3));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
