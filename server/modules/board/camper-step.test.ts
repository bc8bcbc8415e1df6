import { describe, expect, it } from "vitest";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { camperStep, type NewestShowFacts } from "./camper-step.ts";

const show = (overrides: Partial<NewestShowFacts> = {}): NewestShowFacts => ({
  responses: ["we swam"],
  narration: "We swam across the lake.",
  clipCount: 1,
  isDraft: false,
  review: null,
  liveLink: false,
  mediaRelease: true,
  ...overrides,
});
const review = (status: "waiting" | "approved" | "changes_requested", approvedRenderJobId: number | null = null) => ({
  status,
  renderJobId: 7,
  sentFingerprint: "f",
  approvedRenderJobId,
});

describe("the step a camper is on", () => {
  it("reads the making steps from the newest show", () => {
    expect(camperStep(null, true)).toBe("reflect");
    expect(camperStep(show({ responses: ["", "  "], clipCount: 0 }), true)).toBe("reflect");
    expect(camperStep(show({ narration: null, clipCount: 0 }), true)).toBe("script");
    expect(camperStep(show({ narration: SHOW_MESSAGES.draftNarration, clipCount: 0 }), true)).toBe("script");
    expect(camperStep(show({ clipCount: 0 }), true)).toBe("record");
    expect(camperStep(show(), true)).toBe("editor");
  });

  it("reads sent and approved from the review, and shared from a link that plays", () => {
    expect(camperStep(show({ review: review("waiting") }), true)).toBe("sent");
    expect(camperStep(show({ review: review("changes_requested") }), true)).toBe("editor");
    expect(camperStep(show({ review: review("approved", 7) }), true)).toBe("approved");
    expect(camperStep(show({ review: review("approved", 7), liveLink: true }), true)).toBe("shared");
    // Without a media release a link plays nothing: approved, not shared.
    expect(camperStep(show({ review: review("approved", 7), liveLink: true, mediaRelease: false }), true)).toBe("approved");
    // Without staff review, a sent show with a live link is shared.
    expect(camperStep(show({ review: review("waiting"), liveLink: true }), false)).toBe("shared");
  });
});
