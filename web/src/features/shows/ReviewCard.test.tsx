import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERSONAL_DETAIL_EXPLANATIONS, type PersonalDetailsCheck } from "../../../../contracts/personal-details.ts";
import type { ShowReview } from "../../../../contracts/reviews.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { ReviewCard } from "./ReviewCard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const script = "We paddled to the island. Call me at 555-123-4567 after camp!";
const captions = "We paddled to the island. Call me at 555-123-4567 after camp!";
const at = script.indexOf("555");
const review: ShowReview = { showId: 4, state: "video_ready", currentRenderJobId: 12, sentRenderJobId: null, approvedRenderJobId: null, changedSinceSent: false, camperMessage: null, staffNote: null, submittedAt: null, decidedAt: null };

function check(kept: boolean): PersonalDetailsCheck {
  return {
    showId: 4,
    texts: { title: "Canoe week", script, captions },
    findings: [
      {
        kind: "phone",
        phrase: "555-123-4567",
        field: "script",
        start: at,
        end: at + 12,
        places: [
          { field: "script", start: at, end: at + 12 },
          { field: "captions", start: at, end: at + 12, line: { index: 1, startSeconds: 3.5, endSeconds: 7, text: "Call me at 555-123-4567 after camp!", start: 11, end: 23 } },
        ],
        explanation: PERSONAL_DETAIL_EXPLANATIONS.phone,
        source: "rules",
        kept,
      },
    ],
    unresolved: kept ? 0 : 1,
    aiChecked: false,
    checkedAt: "2026-07-01T12:00:00.000Z",
  };
}

describe("camp review card: the personal-details check", () => {
  it("highlights a flagged phrase with a plain explanation, explains a refusal, and sends once the camper keeps it", async () => {
    let kept = false;
    const sent: { path: string; body: unknown }[] = [];
    const { calls } = mockFetch({
      user: buildUser(),
      handler: ({ url, method }) => {
        if (url.pathname === "/api/recordings/4/review" && method === "GET") return json(review);
        if (url.pathname === "/api/recordings/4/personal-details") return json(check(kept));
        if (url.pathname === "/api/recordings/4/review" && method === "POST") {
          sent.push({ path: url.pathname, body: null });
          return kept
            ? json({ ...review, state: "waiting", submittedAt: "2026-07-01T12:00:00.000Z" })
            : json({ message: "Your show may have personal details in it (1 to check).", code: "personal_details", findings: check(false).findings, texts: check(false).texts }, { status: 409 });
        }
        if (url.pathname === "/api/recordings/4/personal-details/keep" && method === "POST") {
          kept = true;
          return json(check(true));
        }
        return undefined;
      },
    });
    const { container } = renderAt("/shows/4", <ReviewCard showId={4} />);

    const list = await screen.findByRole("list", { name: "Possible personal details" }, { timeout: 10_000 });
    // One finding, shown in both places it stands: the script and the caption line, each highlighted.
    expect(within(list).getAllByTestId("finding")).toHaveLength(1);
    expect(within(list).getAllByText("555-123-4567").map((m) => m.tagName)).toEqual(["MARK", "MARK"]);
    expect(within(list).getByText("This looks like a phone number. Anyone who watches your video could call or text it.")).toBeTruthy();
    expect(within(list).getByText("In your script")).toBeTruthy();
    expect(within(list).getByText("In your video's captions, line 2 (at 0:03)")).toBeTruthy();
    // Fix it opens the editor with the words selected, in the script or on the caption line.
    expect(within(list).getByRole("link", { name: "Fix it in your script: 555-123-4567" }).getAttribute("href")).toBe(
      `/shows/4/narration?fix=script&select=${at}-${at + 12}&phrase=555-123-4567`,
    );
    expect(within(list).getByRole("link", { name: "Fix it in your video's captions, line 2 (at 0:03): 555-123-4567" }).getAttribute("href")).toBe(
      `/shows/4/narration?fix=captions&select=${at}-${at + 12}&phrase=555-123-4567&line=1`,
    );
    expect(screen.getByText(/We found something that might tell strangers/)).toBeTruthy();

    // The server refuses while it is open; the camper reads why next to the button.
    await userEvent.click(screen.getByRole("button", { name: "Send for review" }));
    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toMatch(/personal details in it \(1 to check\).*Fix it/);

    await userEvent.click(within(list).getByRole("button", { name: "It's OK to share: 555-123-4567" }));
    expect(await within(list).findByText("You said it's OK to share", {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Undo: 555-123-4567" })).toBeTruthy();
    expect(screen.getByText(/Camp staff will see what you kept/)).toBeTruthy();
    const keepCall = calls.find((c) => c.url.pathname.endsWith("/keep"));
    expect(keepCall?.method).toBe("POST");

    await userEvent.click(screen.getByRole("button", { name: "Send for review" }));
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull(), { timeout: 10_000 });

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }, 60_000);

  it("shows no check when nothing is flagged", async () => {
    mockFetch({
      user: buildUser(),
      handler: ({ url }) => {
        if (url.pathname === "/api/recordings/4/review") return json(review);
        if (url.pathname === "/api/recordings/4/personal-details") return json({ ...check(false), findings: [], unresolved: 0 });
        return undefined;
      },
    });
    renderAt("/shows/4", <ReviewCard showId={4} />);
    expect(await screen.findByRole("button", { name: "Send for review" }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Possible personal details" })).toBeNull());
  });

  it("says when the video changed since it was sent, what the links play meanwhile, and offers to send the new one", async () => {
    let state: ShowReview = { ...review, state: "approved", currentRenderJobId: 15, sentRenderJobId: 12, approvedRenderJobId: 12, changedSinceSent: true };
    const { calls } = mockFetch({
      user: buildUser(),
      handler: ({ url, method }) => {
        if (url.pathname === "/api/recordings/4/review" && method === "GET") return json(state);
        if (url.pathname === "/api/recordings/4/personal-details") return json({ ...check(true), findings: [], unresolved: 0 });
        if (url.pathname === "/api/recordings/4/review" && method === "POST") {
          state = { ...state, state: "waiting", sentRenderJobId: 15, changedSinceSent: false };
          return json(state);
        }
        return undefined;
      },
    });
    renderAt("/shows/4", <ReviewCard showId={4} />);
    const notice = await screen.findByTestId("changed-since-sent", {}, { timeout: 10_000 });
    expect(notice.getAttribute("role")).toBe("status");
    expect(within(notice).getByText("Changed since it was sent")).toBeTruthy();
    expect(within(notice).getByText(/share links keep playing the approved video/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send for review" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url.pathname === "/api/recordings/4/review")).toBe(true), { timeout: 10_000 });
    // Sent: nothing changed since, and nothing more to send until the camper makes another video.
    await waitFor(() => expect(screen.queryByTestId("changed-since-sent")).toBeNull(), { timeout: 10_000 });
    expect(screen.queryByRole("button", { name: /send/i })).toBeNull();
  }, 60_000);
});
