import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERSONAL_DETAIL_EXPLANATIONS, type PersonalDetailsCheck } from "../../../../contracts/personal-details.ts";
import type { ShowReview } from "../../../../contracts/reviews.ts";
import { buildUser, json, mockFetch, renderAt } from "../shows/test-helpers.tsx";
import { ReviewCard } from "./ReviewCard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const script = "We paddled to the island. Call me at 555-123-4567 after camp!";
const review: ShowReview = { showId: 4, state: "video_ready", currentRenderJobId: 12, sentRenderJobId: null, approvedRenderJobId: null, changedSinceSent: false, camperMessage: null, staffNote: null, submittedAt: null, decidedAt: null };

function check(kept: boolean): PersonalDetailsCheck {
  return {
    showId: 4,
    texts: { title: "Canoe week", script, captions: "" },
    findings: [
      { kind: "phone", phrase: "555-123-4567", field: "script", start: script.indexOf("555"), end: script.indexOf("555") + 12, explanation: PERSONAL_DETAIL_EXPLANATIONS.phone, source: "rules", kept },
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
            : json({ message: "Your show may have personal details in it (1 to check)." }, { status: 409 });
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
    const mark = within(list).getByText("555-123-4567");
    expect(mark.tagName).toBe("MARK");
    expect(within(list).getByText(/This looks like a phone number\. Anyone who watches your video could call or text it\. In your script\./)).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Fix it: 555-123-4567" }).getAttribute("href")).toBe("/shows/4/narration");
    expect(screen.getByText(/We found something that might tell strangers/)).toBeTruthy();

    // The server refuses while it is open; the camper reads why next to the button.
    await userEvent.click(screen.getByRole("button", { name: "Send for review" }));
    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toMatch(/personal details in it \(1 to check\)/);

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
