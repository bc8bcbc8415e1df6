import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMP_SETTINGS_MESSAGES } from "../../../../contracts/camp-settings.ts";
import { buildUser, json, mockFetch, renderAt } from "../shows/test-helpers.tsx";
import { CampSettingsPanel } from "./CampSettingsPanel.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("Camp settings panel", () => {
  it("shows the saved settings, says why the server refuses a value, and saves a good one", async () => {
    const saved = { campName: "Camp Loon Lake", camperIdleMinutes: 15, updatedAt: null };
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ method, url, body }) => {
        if (url.pathname !== "/api/staff/camp-settings") return undefined;
        if (method === "GET") return json(saved);
        const sent = JSON.parse(body ?? "{}") as { campName: string; camperIdleMinutes: number };
        if (sent.camperIdleMinutes === 4) return json({ message: CAMP_SETTINGS_MESSAGES.idleMinutes }, { status: 400 });
        return json({ ...sent, updatedAt: "2026-07-01T10:00:00.000Z" });
      },
    });
    renderAt("/staff", <CampSettingsPanel />);
    const name = screen.getByLabelText("Camp name");
    await vi.waitFor(() => expect((name as HTMLInputElement).value).toBe("Camp Loon Lake"));
    const minutes = screen.getByLabelText("Sign campers out after (minutes away)") as HTMLInputElement;
    expect(minutes.value).toBe("15");
    expect(minutes.getAttribute("aria-describedby")).toBeTruthy();

    fireEvent.change(minutes, { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe(CAMP_SETTINGS_MESSAGES.idleMinutes);

    fireEvent.change(name, { target: { value: "Camp Wren" } });
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    expect((await screen.findByText("Camp settings saved.")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("alert")).toBeNull();
    const puts = calls.filter((c) => c.method === "PUT").map((c) => JSON.parse(c.body ?? "{}"));
    expect(puts.at(-1)).toEqual({ campName: "Camp Wren", camperIdleMinutes: 30 });
  });
});
