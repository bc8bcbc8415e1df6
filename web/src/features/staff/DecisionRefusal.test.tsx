import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Switch } from "wouter";
import { PERSONAL_DETAIL_EXPLANATIONS, type PersonalDetailFinding } from "../../../../contracts/personal-details.ts";
import type { ShowReview, StaffShowDetail } from "../../../../contracts/reviews.ts";
import { buildShow, buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { StaffRoute } from "../../components/staff/StaffRoute.tsx";
import { StaffShowPage } from "./StaffShowPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = buildUser({ id: 9, username: "coach_rivera", role: "admin" });
const script = "We paddled to the island. Call 555-123-4567.";
const review: ShowReview = { showId: 4, state: "waiting", currentRenderJobId: 12, sentRenderJobId: 12, approvedRenderJobId: null, changedSinceSent: false, camperMessage: null, staffNote: null, submittedAt: "2026-07-01T12:00:00.000Z", decidedAt: null };
const finding: PersonalDetailFinding = {
  kind: "phone",
  phrase: "555-123-4567",
  field: "script",
  start: 31,
  end: 43,
  places: [
    { field: "script", start: 31, end: 43 },
    { field: "captions", start: 31, end: 43, line: { index: 1, startSeconds: 3.2, endSeconds: 6, text: "Call 555-123-4567.", start: 5, end: 17 } },
  ],
  explanation: PERSONAL_DETAIL_EXPLANATIONS.phone,
  source: "rules",
  kept: false,
};
const detail: StaffShowDetail = {
  show: buildShow(4, { title: "Canoe week", narration: script }),
  camper: { id: 1, username: "maya", mediaRelease: true },
  review,
  personalDetails: { showId: 4, texts: { title: "Canoe week", script, captions: script }, findings: [{ ...finding, kept: true }], unresolved: 0, aiChecked: false, checkedAt: "2026-07-01T12:00:00.000Z" },
  video: { renderJobId: 12, videoFormat: "youtube", durationSeconds: 20, narration: script, mediaUrl: "/api/staff/renders/12/media", captionsUrl: null },
};

function renderStaffShow() {
  return renderAt(
    "/staff/shows/4",
    <Switch>
      <StaffRoute path="/staff/shows/:id" component={StaffShowPage} />
    </Switch>,
  );
}

describe("staff's approval refused", () => {
  it("names the same findings as the camper's list, in both places, and writes them into the note for Request changes", async () => {
    const decisions: { decision: string; note?: string }[] = [];
    mockFetch({
      user: staff,
      handler: ({ url, method, body }) => {
        if (url.pathname === "/api/staff/shows/4" && method === "GET") return json(detail);
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: false, reason: "Not approved yet", links: [] });
        if (url.pathname === "/api/staff/shows/4/review" && method === "POST") {
          const sent = JSON.parse(body!) as { decision: string; note?: string };
          decisions.push(sent);
          return sent.decision === "approve"
            ? json(
                {
                  message: "This show may have personal details in it (1 to check) that the camper has not fixed or kept. Request changes and name them in your note.",
                  code: "personal_details",
                  findings: [finding],
                  texts: detail.personalDetails!.texts,
                },
                { status: 409 },
              )
            : json({ ...review, state: "changes_requested", staffNote: sent.note ?? null });
        }
        return undefined;
      },
    });
    const { container } = renderStaffShow();
    await userEvent.click(await screen.findByRole("button", { name: "Approve" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/camper has not fixed or kept/);
    const list = screen.getByRole("list", { name: "Personal details the camper has not fixed or kept" });
    expect(within(list).getAllByTestId("finding")).toHaveLength(1);
    expect(within(list).getByText("In the script")).toBeTruthy();
    expect(within(list).getByText("In the video's captions, line 2 (at 0:03)")).toBeTruthy();
    expect(within(list).queryByRole("link")).toBeNull();
    // The page's own list (as sent) names the same phrase in the same places.
    const sentList = screen.getByRole("list", { name: "Possible personal details" });
    expect(within(sentList).getAllByTestId("finding-place").map((p) => p.dataset.field)).toEqual(["script", "captions"]);

    await userEvent.click(screen.getByRole("button", { name: "Write them in the note" }));
    const note = screen.getByLabelText<HTMLTextAreaElement>(/Note for the camper/);
    expect(note.value).toMatch(/"555-123-4567" \(phone number\) in your script and your video's captions/);
    await userEvent.click(screen.getByRole("button", { name: "Request changes" }));
    await waitFor(() => expect(decisions.map((d) => d.decision)).toEqual(["approve", "request_changes"]));
    expect(decisions[1]!.note).toContain("555-123-4567");

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("offers the newer video when the camper made one since the page opened", async () => {
    let video = 12;
    mockFetch({
      user: staff,
      handler: ({ url, method }) => {
        if (url.pathname === "/api/staff/shows/4" && method === "GET") return json({ ...detail, video: { ...detail.video!, renderJobId: video, mediaUrl: `/api/staff/renders/${video}/media` } });
        if (url.pathname === "/api/staff/shows/4/shares") return json({ canShare: false, reason: "Not approved yet", links: [] });
        if (url.pathname === "/api/staff/shows/4/review" && method === "POST") {
          video = 13;
          return json({ message: "The camper made a new video since you opened this show. Watch the new one first.", code: "video_changed" }, { status: 409 });
        }
        return undefined;
      },
    });
    const { container } = renderStaffShow();
    await userEvent.click(await screen.findByRole("button", { name: "Approve" }));
    await userEvent.click(await screen.findByRole("button", { name: "Load the new video" }));
    await waitFor(() => expect(container.querySelector("video")?.getAttribute("src")).toBe("/api/staff/renders/13/media"));
  });
});
