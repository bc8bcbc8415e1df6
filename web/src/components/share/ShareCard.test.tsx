import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERSONAL_DETAIL_EXPLANATIONS, type PersonalDetailFinding } from "../../../../contracts/personal-details.ts";
import { SHARE_MESSAGES, type CreatedShare, type ShareLink, type ShowShares } from "../../../../contracts/shares.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { ShareCard } from "./ShareCard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

function link(id: number, overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id,
    showId: 4,
    reelId: null,
    state: "active",
    views: 0,
    createdAt: "2026-07-01T12:00:00.000Z",
    expiresAt: "2026-07-31T12:00:00.000Z",
    revokedAt: null,
    lastViewedAt: null,
    ...overrides,
  };
}

describe("share card", () => {
  it("says why a show cannot be shared yet, without offering a link", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) =>
        url.pathname === "/api/recordings/4/shares"
          ? json({ canShare: false, reason: "Camp staff need to approve this video before you can share it", links: [] } satisfies ShowShares)
          : undefined,
    });
    renderAt("/shows/4", <ShareCard showId={4} title="Lake Day" />);
    expect(await screen.findByText("Camp staff need to approve this video before you can share it")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /make a share link/i })).toBeNull();
  });

  it("tells a camper without a media release, kindly, that links are off and downloading still works", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) =>
        url.pathname === "/api/recordings/4/shares" ? json({ canShare: false, reason: SHARE_MESSAGES.noMediaRelease, links: [] } satisfies ShowShares) : undefined,
    });
    renderAt("/shows/4", <ShareCard showId={4} title="Lake Day" />);
    expect(await screen.findByText(SHARE_MESSAGES.noMediaRelease)).toBeTruthy();
    expect(SHARE_MESSAGES.noMediaRelease).toContain("You can still download your video");
    expect(screen.queryByRole("button", { name: /make a share link/i })).toBeNull();
  });

  it("makes a link for the days picked, shows it once on a printable card with a QR code, counts views and revokes", async () => {
    let links: ShareLink[] = [link(2, { views: 3 }), link(1, { state: "expired", views: 1, expiresAt: "2026-06-02T12:00:00.000Z" })];
    const { calls, fetchMock } = mockFetch({
      user: buildUser(),
      handler: ({ method, url }) => {
        if (url.pathname === "/api/recordings/4/shares" && method === "GET") return json({ canShare: true, reason: null, links } satisfies ShowShares);
        if (url.pathname === "/api/recordings/4/shares" && method === "POST") {
          const made = link(5, { createdAt: "2026-07-02T12:00:00.000Z", expiresAt: "2026-07-09T12:00:00.000Z" });
          links = [made, ...links];
          return json({ share: made, token: TOKEN, path: `/s/${TOKEN}` } satisfies CreatedShare, { status: 201 });
        }
        if (url.pathname === "/api/shares/5" && method === "DELETE") {
          links = links.map((l) => (l.id === 5 ? { ...l, state: "revoked", revokedAt: "2026-07-03T12:00:00.000Z" } : l));
          return json(links[0]);
        }
        return undefined;
      },
    });
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    const { container } = renderAt("/shows/4", <ShareCard showId={4} title="Lake Day" />);

    // Views the camper can see, per link.
    expect(await screen.findByText("3 views")).toBeTruthy();
    expect(screen.getByText("1 view")).toBeTruthy();
    // 30 days unless the camper picks another length.
    expect((screen.getByRole("radio", { name: "30 days" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole("radio", { name: "7 days" }));
    await userEvent.click(screen.getByRole("button", { name: "Make a share link" }));

    const card = await screen.findByTestId("share-print-card");
    const url = `${window.location.origin}/s/${TOKEN}`;
    expect((within(card).getByLabelText("Scan the code or type this link") as HTMLInputElement).value).toBe(url);
    const qr = await within(card).findByRole("img", { name: "QR code for the link to “Lake Day”" });
    const svg = decodeURIComponent(qr.getAttribute("src")!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post![1]!.body))).toEqual({ days: 7 });
    await userEvent.click(screen.getByRole("button", { name: "Print card" }));
    expect(print).toHaveBeenCalledTimes(1);

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    // Revoking asks first; "Keep the link" changes nothing and gives focus back to the button.
    const revokeButtons = await screen.findAllByRole("button", { name: /^Revoke the link made/ });
    expect(revokeButtons).toHaveLength(2);
    await userEvent.click(revokeButtons[0]!);
    const dialog = await screen.findByRole("alertdialog", { name: "Turn this link off?" });
    expect(within(dialog).getByText(/will see "This video is no longer shared"/)).toBeTruthy();
    expect((await axe.run(dialog, { rules: { "color-contrast": { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep the link" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(revokeButtons[0]));
    // Confirmed with the keyboard: the new link ends and its card goes away; only active links can be revoked.
    await userEvent.keyboard("{Enter}");
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Turn the link off" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/shares/5")).toBe(true));
    await waitFor(() => expect(screen.queryByTestId("share-print-card")).toBeNull());
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^Revoke the link made/ })).toHaveLength(1));
    expect(screen.getByText("Revoked")).toBeTruthy();
  }, 20_000);

  it("shows staff the links read-only, with no way to make one, and revokes through the staff routes after confirming", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ method, url }) => {
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: true, reason: null, links: [link(8, { views: 2 })] } satisfies ShowShares);
        if (url.pathname === "/api/staff/shares/8" && method === "DELETE") return json(link(8, { state: "revoked", revokedAt: "2026-07-03T12:00:00.000Z" }));
        return undefined;
      },
    });
    renderAt("/staff/shows/4", <ShareCard actor="staff" showId={4} title="Lake Day" />);
    expect(await screen.findByText("2 views")).toBeTruthy();
    // Not the camper's card: no "Share with family", no link to make.
    expect(screen.getByRole("heading", { name: "Family share links" })).toBeTruthy();
    expect(screen.queryByText("Share with family")).toBeNull();
    expect(screen.queryByRole("button", { name: /make a share link/i })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /^Revoke the link made/ }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Turn the link off" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/staff/shares/8")).toBe(true));
    expect(calls.some((c) => c.url.pathname.startsWith("/api/recordings"))).toBe(false);
  });
  it('names each personal detail that held the link back, with Fix it and "It\'s OK to share"', async () => {
    const script = "Call me at 555-123-4567 after camp!";
    const finding: PersonalDetailFinding = {
      kind: "phone",
      phrase: "555-123-4567",
      field: "script",
      start: 11,
      end: 23,
      places: [{ field: "script", start: 11, end: 23 }],
      explanation: PERSONAL_DETAIL_EXPLANATIONS.phone,
      source: "rules",
      kept: false,
    };
    const refused = { message: "Your show may have personal details in it (1 to check).", code: "personal_details", findings: [finding], texts: { title: "Lake Day", script, captions: "" } };
    let kept = false;
    mockFetch({
      user: buildUser(),
      handler: ({ method, url }) => {
        if (url.pathname.endsWith("/shares") && method === "GET") return json({ canShare: true, reason: null, links: [] } satisfies ShowShares);
        if (url.pathname.endsWith("/shares") && method === "POST") return json(refused, { status: 409 });
        if (url.pathname === "/api/recordings/4/personal-details/keep" && method === "POST") {
          kept = true;
          return json({ showId: 4, texts: refused.texts, findings: [{ ...finding, kept: true }], unresolved: 0, aiChecked: false, checkedAt: "2026-07-01T12:00:00.000Z" });
        }
        return undefined;
      },
    });
    const { container, unmount } = renderAt("/shows/4", <ShareCard showId={4} title="Lake Day" />);
    await userEvent.click(await screen.findByRole("button", { name: /make a share link/i }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/1 to check/);
    const list = screen.getByRole("list", { name: "Personal details to fix before sharing" });
    expect(within(list).getByRole("link", { name: "Fix it in your script: 555-123-4567" }).getAttribute("href")).toBe(
      "/shows/4/narration?fix=script&select=11-23&phrase=555-123-4567",
    );
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await userEvent.click(within(list).getByRole("button", { name: "It's OK to share: 555-123-4567" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Personal details to fix before sharing" })).toBeNull());
    expect(kept).toBe(true);
    unmount();
  });
});
