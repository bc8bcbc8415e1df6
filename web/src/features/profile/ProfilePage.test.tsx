import { fireEvent, screen, within } from "@testing-library/react";
import { EXPORT_RATE_MESSAGE } from "../../../../contracts/data-export.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildShow, buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
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

  it("counts a download at the click, and once the hour's downloads are used says when the next can start", async () => {
    let remaining = 1;
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => {
        if (url.pathname === "/api/recordings") return json([]);
        if (url.pathname === "/api/retention") return json({ rule: null });
        if (url.pathname === "/api/user/export/allowance") return json({ remaining, resetInSeconds: remaining ? 0 : 1500 });
        return undefined;
      },
    });
    renderAt("/profile", <ProfilePage />);
    const download = await screen.findByRole("link", { name: "Download my data" });
    // The browser would start the download here; the page stays.
    download.addEventListener("click", (event) => event.preventDefault());
    remaining = 0;
    fireEvent.click(download);
    const button = await screen.findByRole("button", { name: "Download my data" });
    expect(button.hasAttribute("disabled")).toBe(true);
    const wait = screen.getByTestId("export-wait");
    expect(button.getAttribute("aria-describedby")).toBe(wait.id);
    expect(wait.textContent).toBe(`${EXPORT_RATE_MESSAGE} You can download it again in 60 minutes.`);
    expect(screen.queryByRole("link", { name: "Download my data" })).toBeNull();
  });

  it("says how long to wait when the hour's downloads were used before the page opened", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) =>
        url.pathname === "/api/recordings"
          ? json([])
          : url.pathname === "/api/retention"
            ? json({ rule: null })
            : url.pathname === "/api/user/export/allowance"
              ? json({ remaining: 0, resetInSeconds: 1500 })
              : undefined,
    });
    renderAt("/profile", <ProfilePage />);
    expect((await screen.findByTestId("export-wait")).textContent).toBe(`${EXPORT_RATE_MESSAGE} You can download it again in 25 minutes.`);
    expect(screen.getByRole("button", { name: "Download my data" }).hasAttribute("disabled")).toBe(true);
  });
});
