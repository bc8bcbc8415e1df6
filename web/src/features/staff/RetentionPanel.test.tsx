import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser, json, mockFetch, renderAt } from "../shows/test-helpers.tsx";
import { RetentionPanel } from "./RetentionPanel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const rule = { startsOn: "2026-08-31", afterDays: 30, deleteAt: "2026-09-30T00:00:00.000Z", setByUsername: "staff_amy", setAt: "2026-08-01T00:00:00.000Z", executedAt: null };
const item = { kind: "clip", id: 4, camperUserId: 2, camperUsername: "jo", showId: 1, storageKeys: ["users/2/clips/a.webm"], createdAt: "2026-08-01T00:00:00.000Z" };

describe("Staff retention panel", () => {
  it("warns in the rule's last week with what it will delete, and sets a new rule", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "staff" }),
      handler: ({ url, method }) => {
        if (url.pathname !== "/api/staff/retention") return undefined;
        if (method === "PUT") return json({ ...rule, startsOn: "2026-09-10", deleteAt: "2026-10-10T00:00:00.000Z" });
        return json({ rule, warning: true, items: [item, { ...item, id: 5 }], campers: 1 });
      },
    });
    renderAt("/staff", <RetentionPanel />);
    expect((await screen.findByTestId("retention-warning")).textContent).toBe("On September 30, 2026 the retention rule deletes 2 media items of 1 campers.");
    fireEvent.change(screen.getByLabelText("Count from (date)"), { target: { value: "2026-09-10" } });
    fireEvent.change(screen.getByLabelText("Days after"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Set retention rule" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PUT").map((c) => c.url.pathname)).toEqual(["/api/staff/retention"]));
  });
});
