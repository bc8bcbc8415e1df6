import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildShow, buildUser, json, mockFetch, renderAt } from "../shows/test-helpers.tsx";
import { ProfilePage } from "./ProfilePage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const fiveNewest = Array.from({ length: 5 }, (_, i) => buildShow(8 - i, { isDraft: i === 0 }));

describe("Profile", () => {
  it("shows the account, the plan, links, and the 5 most recent shows", async () => {
    const { calls } = mockFetch({
      user: buildUser({ username: "camper_jo", recordingsCount: 8 }),
      handler: ({ url }) => (url.pathname === "/api/recordings" ? json(fiveNewest, { headers: { "x-next-cursor": "x" } }) : undefined),
    });
    renderAt("/profile", <ProfilePage />);

    expect((await screen.findByTestId("profile-username")).textContent).toBe("camper_jo");
    expect(screen.getByTestId("profile-shows-used").textContent).toBe("8 of 20");
    expect(screen.getByRole("heading", { level: 1, name: "Your profile" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voice settings" }).getAttribute("href")).toBe("/voice-settings");
    expect(screen.getByTestId("profile-plan").textContent).toBe("Free");
    expect(screen.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");

    const recent = await screen.findByRole("list", { name: "Recent shows" });
    const links = within(recent).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/shows/8", "/shows/7", "/shows/6", "/shows/5", "/shows/4"]);
    expect(within(recent).getByText("Draft")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View all shows" }).getAttribute("href")).toBe("/shows");
    expect(calls.filter((c) => c.url.pathname === "/api/recordings").map((c) => c.url.search)).toEqual(["?limit=5"]);
  });

  it("shows unlimited shows and the plan name for paid tiers", async () => {
    mockFetch({
      user: buildUser({ subscriptionTier: "events", recordingsCount: 31 }),
      handler: ({ url }) => (url.pathname === "/api/recordings" ? json([]) : undefined),
    });
    renderAt("/profile", <ProfilePage />);
    expect((await screen.findByTestId("profile-shows-used")).textContent).toBe("31 of unlimited");
    expect(screen.getByTestId("profile-plan").textContent).toBe("Events");
    expect((await screen.findByRole("link", { name: "Create your first story" })).getAttribute("href")).toBe("/home");
  });

  it("shows the list error text when recent shows fail", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => (url.pathname === "/api/recordings" ? json({}, { status: 503 }) : undefined),
    });
    renderAt("/profile", <ProfilePage />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch recordings: 503");
  });

  it("offers the data download and shows the camp's deletion date while it is to come", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => {
        if (url.pathname === "/api/recordings") return json([]);
        if (url.pathname === "/api/retention")
          return json({
            rule: { startsOn: "2026-08-31", afterDays: 30, deleteAt: "2026-09-30T00:00:00.000Z", setByUsername: "staff_amy", setAt: "2026-08-01T00:00:00.000Z", executedAt: null },
          });
        return undefined;
      },
    });
    renderAt("/profile", <ProfilePage />);
    const download = await screen.findByRole("link", { name: "Download my data" });
    expect(download.getAttribute("href")).toBe("/api/user/export");
    expect(download.hasAttribute("download")).toBe(true);
    expect((await screen.findByTestId("retention-notice")).textContent).toContain("September 30, 2026");
  });

  it("shows no deletion notice when the camp has no rule", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => (url.pathname === "/api/recordings" ? json([]) : url.pathname === "/api/retention" ? json({ rule: null }) : undefined),
    });
    renderAt("/profile", <ProfilePage />);
    expect(await screen.findByRole("link", { name: "Download my data" })).toBeTruthy();
    expect(screen.queryByTestId("retention-notice")).toBeNull();
  });
});
