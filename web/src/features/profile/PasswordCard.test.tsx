import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "../../../../contracts/auth.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { PasswordCard } from "./PasswordCard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** PUT /api/user/password as the server answers it: the password in use is "old-passphrase". */
function changePassword({ method, url, body }: FetchCall) {
  if (method !== "PUT" || url.pathname !== "/api/user/password") return undefined;
  const { currentPassword, newPassword } = JSON.parse(body!) as { currentPassword: string; newPassword: string };
  if (newPassword === "iloveyou") return json({ message: AUTH_MESSAGES.commonPassword }, { status: 400 });
  if (currentPassword !== "old-passphrase") return json({ message: AUTH_MESSAGES.wrongPassword }, { status: 403 });
  return new Response(null, { status: 204 });
}

async function fill(current: string, next: string, again = next) {
  for (const [label, value] of [
    ["Password you use now", current],
    ["New password", next],
    ["New password again", again],
  ] as const) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  await userEvent.click(screen.getByRole("button", { name: "Change password" }));
}

/** The field's own error: shown under it, read with it, and marked invalid. */
function errorOf(label: string): string | null {
  const field = screen.getByLabelText(label);
  if (field.getAttribute("aria-invalid") !== "true") return null;
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ");
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute("role") === "alert");
  return alert?.textContent ?? null;
}

describe("Password and devices", () => {
  it("changes the password with the one in use, says so in a toast, and empties the form", async () => {
    const { calls } = mockFetch({ user: buildUser(), handler: changePassword });
    const { container } = renderAt("/profile", <PasswordCard />);
    await fill("old-passphrase", "three canoes at dawn");
    expect(await screen.findByText("Password changed")).toBeTruthy();
    expect(screen.getByText(/Your other devices are signed out/)).toBeTruthy();
    const sent = calls.filter((c) => c.method === "PUT");
    expect(sent.map((c) => [c.url.pathname, JSON.parse(c.body!)])).toEqual([
      ["/api/user/password", { currentPassword: "old-passphrase", newPassword: "three canoes at dawn" }],
    ]);
    for (const label of ["Password you use now", "New password", "New password again"]) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("");
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says what is wrong beside the field it is about, before asking the server when it can", async () => {
    const { calls } = mockFetch({ user: buildUser(), handler: changePassword });
    renderAt("/profile", <PasswordCard />);
    await fill("", "three canoes at dawn");
    expect(errorOf("Password you use now")).toBe("Please type the password you use now.");
    await fill("old-passphrase", "short");
    expect(errorOf("New password")).toBe("Your new password needs at least 8 characters.");
    expect(errorOf("Password you use now")).toBeNull();
    await fill("old-passphrase", "three canoes at dawn", "three canoes at dusk");
    expect(errorOf("New password again")).toBe("The two new passwords are not the same. Please type it again.");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    // The server's refusals land on their fields too.
    await fill("not-it-at-all", "three canoes at dawn");
    await vi.waitFor(() => expect(errorOf("Password you use now")).toBe(AUTH_MESSAGES.wrongPassword));
    await fill("old-passphrase", "iloveyou");
    await vi.waitFor(() => expect(errorOf("New password")).toBe(AUTH_MESSAGES.commonPassword));
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2);
    expect((screen.getByLabelText("Password you use now") as HTMLInputElement).value).toBe("old-passphrase");
  });

  it("signs out the other devices and says how many", async () => {
    let ended = 2;
    const { calls } = mockFetch({
      user: buildUser(),
      handler: ({ method, url }) => (method === "POST" && url.pathname === "/api/user/sign-out-others" ? json({ endedSessions: ended }) : undefined),
    });
    renderAt("/profile", <PasswordCard />);
    // Not named like Profile's "Sign Out", which signs this device out.
    expect(screen.queryByRole("button", { name: /sign out/i })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Sign other devices out" }));
    const status = await screen.findByText("Signed out 2 other devices");
    expect(within(status.closest("li") ?? document.body).getByText("This device stays signed in.")).toBeTruthy();
    ended = 0;
    await userEvent.click(screen.getByRole("button", { name: "Sign other devices out" }));
    expect(await screen.findByText("No other devices were signed in")).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === "/api/user/sign-out-others")).toHaveLength(2);
  });

  it("lets a camper who signs in by card add a password without one in use", async () => {
    const { calls } = mockFetch({
      user: buildUser(),
      handler: ({ method, url }) => {
        if (method === "GET" && url.pathname === "/api/user/sign-in-methods") return json({ hasPassword: false, hasCard: true });
        if (method === "PUT" && url.pathname === "/api/user/password") return new Response(null, { status: 204 });
        return undefined;
      },
    });
    renderAt("/profile", <PasswordCard />);
    expect(await screen.findByRole("button", { name: "Add a password" })).toBeTruthy();
    expect(screen.queryByLabelText("Password you use now")).toBeNull();
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "lantern by the lake" } });
    fireEvent.change(screen.getByLabelText("New password again"), { target: { value: "lantern by the lake" } });
    await userEvent.click(screen.getByRole("button", { name: "Add a password" }));
    expect(await screen.findByText("Password added")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT").map((c) => JSON.parse(c.body!))).toEqual([{ newPassword: "lantern by the lake" }]);
  });
});
