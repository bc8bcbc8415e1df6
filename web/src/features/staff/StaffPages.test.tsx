import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import type { ShowReview, StaffShowDetail, StaffShowItem } from "../../../../contracts/reviews.ts";
import { SHARE_MESSAGES } from "../../../../contracts/shares.ts";
import { buildShow, buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { forgetPasswordCheck } from "../../components/auth/password-check.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { StaffShowPage } from "./StaffShowPage.tsx";
import { StaffShowsPage } from "./StaffShowsPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = buildUser({ id: 9, username: "coach_rivera", role: "admin" });

function item(showId: number, overrides: Partial<StaffShowItem> = {}): StaffShowItem {
  return { showId, title: `Show ${showId}`, camperId: 1, camperUsername: "maya", state: "waiting", changedSinceSent: false, updatedAt: "2026-07-01T12:00:00.000Z", submittedAt: null, ...overrides };
}

function review(overrides: Partial<ShowReview> = {}): ShowReview {
  return { showId: 4, state: "waiting", currentRenderJobId: 12, sentRenderJobId: 12, approvedRenderJobId: null, changedSinceSent: false, camperMessage: "Ready!", staffNote: null, submittedAt: "2026-07-01T12:00:00.000Z", decidedAt: null, ...overrides };
}

function renderStaff(path: string) {
  return renderAt(
    path,
    <Switch>
      <StaffRoute path="/staff/shows" component={StaffShowsPage} />
      <StaffRoute path="/staff/shows/:id" component={StaffShowPage} />
    </Switch>,
  );
}

describe("staff pages", () => {
  it("say on a show's page that its camper has no media release, and why", async () => {
    const detail: StaffShowDetail = {
      show: buildShow(4, { title: "Canoe week" }),
      camper: { id: 1, username: "maya", mediaRelease: false },
      review: review(),
      personalDetails: null,
      video: null,
    };
    mockFetch({
      user: staff,
      handler: ({ url }) => {
        if (url.pathname === "/api/staff/shows/4") return json(detail);
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: false, reason: SHARE_MESSAGES.noMediaReleaseStaff, links: [] });
        return undefined;
      },
    });
    renderStaff("/staff/shows/4");
    const notice = await screen.findByTestId("no-media-release");
    expect(notice.textContent).toBe(`No media release. ${SHARE_MESSAGES.noMediaReleaseStaff}`);
  });

  it("tell a camper the page is for staff, without asking the server for the list", async () => {
    const { calls } = mockFetch({ user: buildUser() });
    renderStaff("/staff/shows");
    expect(await screen.findByRole("heading", { name: "For camp staff" })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith("/api/staff"))).toBe(false);
  });

  it("list shows waiting for review first, then filter by state and search", async () => {
    const { calls } = mockFetch({
      user: staff,
      handler: ({ url }) => {
        if (url.pathname !== "/api/staff/shows") return undefined;
        if (url.searchParams.get("q") === "lake") return json([item(3, { title: "Lake day", state: "approved", changedSinceSent: true })]);
        return json(url.searchParams.get("state") === "waiting" ? [item(4, { title: "Canoe week" })] : [item(4, { title: "Canoe week" }), item(3, { title: "Lake day", state: "approved" })]);
      },
    });
    const { container } = renderStaff("/staff/shows");
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("link", { name: "Canoe week" }).getAttribute("href")).toBe("/staff/shows/4");
    expect(within(table).getByText("Waiting for review")).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText("State"), "");
    expect(await screen.findByRole("link", { name: "Lake day" })).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search title or camper"), "lake");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Canoe week" })).toBeNull());
    // The camper made a newer video since this one was approved.
    expect(within(screen.getByRole("table")).getByText("Changed since it was sent")).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get("q") === "lake" && !c.url.searchParams.has("state"))).toBe(true);

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("show the video with captions and the script, and request changes only with a note", async () => {
    const detail: StaffShowDetail = {
      show: buildShow(4, { title: "Canoe week", narration: "We paddled to the island." }),
      camper: { id: 1, username: "maya", mediaRelease: true },
      review: review(),
      personalDetails: {
        showId: 4,
        texts: { title: "Canoe week", script: "We paddled to the island. Call 555-123-4567.", captions: "" },
        findings: [
          {
            kind: "phone",
            phrase: "555-123-4567",
            field: "script",
            start: 31,
            end: 43,
            places: [{ field: "script", start: 31, end: 43 }],
            explanation: "This looks like a phone number.",
            source: "rules",
            kept: true,
          },
        ],
        unresolved: 0,
        aiChecked: false,
        checkedAt: "2026-07-01T12:00:00.000Z",
      },
      video: {
        renderJobId: 12,
        videoFormat: "youtube",
        durationSeconds: 21,
        narration: "We paddled to the island.",
        mediaUrl: "/api/staff/renders/12/media",
        captionsUrl: "/api/staff/renders/12/captions.vtt",
      },
    };
    const decisions: unknown[] = [];
    mockFetch({
      user: staff,
      handler: ({ url, method }) => {
        if (url.pathname === "/api/staff/shows/4" && method === "GET") return json(detail);
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: false, reason: "Camp staff need to approve this video before you can share it", links: [] });
        if (url.pathname === "/api/staff/shows/4/review" && method === "POST") {
          decisions.push(true);
          return json(review({ state: "changes_requested", staffNote: "Cut the phone number" }));
        }
        return undefined;
      },
    });
    const { container } = renderStaff("/staff/shows/4");
    expect(await screen.findByRole("heading", { level: 1, name: "Canoe week" })).toBeTruthy();
    // This camper has a media release: nothing says otherwise.
    expect(screen.queryByTestId("no-media-release")).toBeNull();
    expect(screen.getByText("We paddled to the island.")).toBeTruthy();
    expect(screen.getByText("Ready!")).toBeTruthy();
    const video = container.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("/api/staff/renders/12/media");
    expect(video.querySelector("track[kind=captions]")?.getAttribute("src")).toBe("/api/staff/renders/12/captions.vtt");
    // What the personal-details check flagged when the camper sent it, and what they kept.
    const flagged = within(screen.getByRole("list", { name: "Possible personal details" }));
    expect(flagged.getByText("555-123-4567").tagName).toBe("MARK");
    expect(flagged.getByText("Kept by the camper")).toBeTruthy();
    expect(screen.getByText(/flagged 1 phrase; 1 kept as OK to share/)).toBeTruthy();
    // Staff see the links' state, not the camper's "Share with family" card.
    expect(await screen.findByRole("region", { name: "Family share links" })).toBeTruthy();
    expect(screen.queryByText("Share with family")).toBeNull();
    expect(screen.queryByRole("button", { name: /make a share link/i })).toBeNull();
    expect(screen.queryByTestId("changed-since-sent")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Request changes" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Write a note/);
    expect(decisions).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Note for the camper/), "Cut the phone number");
    await userEvent.click(screen.getByRole("button", { name: "Request changes" }));
    await waitFor(() => expect(decisions).toHaveLength(1));

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("show the video the camper sent with its own script, and say when the camper changed it since", async () => {
    const detail: StaffShowDetail = {
      show: buildShow(4, { title: "Canoe week", narration: "We paddled to the island at dawn." }),
      camper: { id: 1, username: "maya", mediaRelease: true },
      review: review({ state: "approved", currentRenderJobId: 15, approvedRenderJobId: 12, changedSinceSent: true }),
      personalDetails: { showId: 4, texts: { title: "Canoe week", script: "We paddled to the island.", captions: "" }, findings: [], unresolved: 0, aiChecked: false, checkedAt: "2026-07-01T12:00:00.000Z" },
      video: { renderJobId: 12, videoFormat: "youtube", durationSeconds: 21, narration: "We paddled to the island.", mediaUrl: "/api/staff/renders/12/media", captionsUrl: null },
    };
    mockFetch({
      user: staff,
      handler: ({ url }) => {
        if (url.pathname === "/api/staff/shows/4") return json(detail);
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: true, reason: null, links: [] });
        return undefined;
      },
    });
    const { container } = renderStaff("/staff/shows/4");
    const notice = await screen.findByTestId("changed-since-sent");
    expect(notice.getAttribute("role")).toBe("status");
    expect(within(notice).getByText("Changed since it was sent")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "The video the camper sent" })).toBeTruthy();
    expect(container.querySelector("video")!.getAttribute("src")).toBe("/api/staff/renders/12/media");
    // The script of the video watched, not the camper's newer one.
    expect(screen.getByText("We paddled to the island.")).toBeTruthy();
    expect(screen.queryByText("We paddled to the island at dawn.")).toBeNull();
    expect(screen.getByText(/changed the script since/)).toBeTruthy();
  });

  it("download a camper's data only after the password is typed again, then straight away for a few minutes", async () => {
    const detail: StaffShowDetail = {
      show: buildShow(4, { title: "Canoe week" }),
      camper: { id: 1, username: "maya", mediaRelease: true },
      review: review(),
      personalDetails: { showId: 4, texts: { title: "Canoe week", script: "", captions: "" }, findings: [], unresolved: 0, aiChecked: false, checkedAt: "2026-07-01T12:00:00.000Z" },
      video: null,
    };
    const { calls } = mockFetch({
      user: staff,
      handler: ({ url, method, body }) => {
        if (url.pathname === "/api/staff/shows/4" && method === "GET") return json(detail);
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: false, reason: "Not approved yet", links: [] });
        if (url.pathname === "/api/staff/reauth" && method === "POST") {
          return JSON.parse(body!).password === "coach-passphrase" ? json({ confirmedForSeconds: 300 }) : json({ message: "That password is not right" }, { status: 403 });
        }
        return undefined;
      },
    });
    renderStaff("/staff/shows/4");
    const link = await screen.findByRole("link", { name: "Download maya's data" });
    expect(link.getAttribute("href")).toBe("/api/staff/campers/1/export");
    expect(link.hasAttribute("download")).toBe(true);
    // Whether each click went on to the download (the browser's part, stopped here), after the page's own handler.
    const followed: boolean[] = [];
    const record = (event: MouseEvent) => {
      if (event.target !== link) return;
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener("click", record);
    try {
      await userEvent.click(link);
      const dialog = await screen.findByRole("alertdialog", { name: "Type your password again" });
      expect(followed).toEqual([false]);
      await userEvent.type(within(dialog).getByLabelText("Your password"), "not-it-at-all");
      await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe("That password is not right");
      expect(within(dialog).getByLabelText("Your password").getAttribute("aria-invalid")).toBe("true");
      await userEvent.clear(within(dialog).getByLabelText("Your password"));
      await userEvent.type(within(dialog).getByLabelText("Your password"), "coach-passphrase");
      await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
      await waitFor(() => expect(followed).toEqual([false, true]));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      // Focus goes back where the staff member was.
      await waitFor(() => expect(document.activeElement).toBe(link));
      await userEvent.click(link);
      expect(followed).toEqual([false, true, true]);
      expect(calls.filter((c) => c.url.pathname === "/api/staff/reauth")).toHaveLength(2);
    } finally {
      document.removeEventListener("click", record);
      forgetPasswordCheck();
    }
  });
});
