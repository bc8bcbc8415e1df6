import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMimeType } from "./clip-recording.ts";
import { ContinueToEditingButton } from "./ContinueToEditingButton.tsx";
import { timeLeftWarning } from "./recording-hooks.ts";

// The recorder's small parts: the recording type, the way to the editor, the time-left warnings.

describe("pickMimeType", () => {
  it("prefers VP8/Opus WebM and falls back to what the browser supports", () => {
    expect(pickMimeType(() => true)).toBe("video/webm;codecs=vp8,opus");
    expect(pickMimeType((t) => t === "video/mp4")).toBe("video/mp4");
    expect(pickMimeType(() => false)).toBe("");
  });
});

describe("ContinueToEditingButton", () => {
  it("shows only with clips; links to the show's narration page, or waits for the first save", () => {
    const { rerender, container } = render(<ContinueToEditingButton showId={4} hasClips={false} />);
    expect(container.textContent).toBe("");
    rerender(<ContinueToEditingButton showId={4} hasClips />);
    expect(screen.getByRole("link", { name: "Continue to Editing" }).getAttribute("href")).toBe("/shows/4/narration");
    rerender(<ContinueToEditingButton showId={null} hasClips />);
    // Waiting for the story's first save: the same button, busy and inert, saying why.
    const button = screen.getByRole("button", { name: "Continue to Editing" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Opens once your story is saved").id).toBe(button.getAttribute("aria-describedby"));
  });
});

describe("time-left warnings", () => {
  it("says 30 and then 10 seconds left, once each, and only the nearer one when both are passed at once", () => {
    const said = new Set<number>();
    expect(timeLeftWarning(80, 120, said)).toBeNull();
    expect(timeLeftWarning(90, 120, said)).toBe(30);
    said.add(30);
    expect(timeLeftWarning(95, 120, said)).toBeNull();
    expect(timeLeftWarning(110, 120, said)).toBe(10);
    said.add(10);
    expect(timeLeftWarning(115, 120, said)).toBeNull();
    expect(timeLeftWarning(112, 120, new Set())).toBe(10);
    // A 30-second take already said when it stops; only the 10-second warning is news.
    expect(timeLeftWarning(0, 30, new Set())).toBeNull();
    expect(timeLeftWarning(20, 30, new Set())).toBe(10);
    expect(timeLeftWarning(120, 120, new Set())).toBeNull();
  });
});
