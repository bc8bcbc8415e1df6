import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Clip } from "../../../../contracts/clips.ts";
import { createQueryClient } from "../../api/client.ts";
import { buildClip } from "../../testing/builders.ts";
import { ClipSection } from "./ClipSection.tsx";

const frame = { ratio: "9:16", aspectRatio: "9 / 16", tall: true };

const clip = (overrides: Partial<Clip> = {}): Clip =>
  buildClip(31, 0, {
    showId: 3,
    title: "Lake at dawn",
    kind: "photo",
    mimeType: "image/jpeg",
    durationSeconds: 4,
    sizeBytes: 10,
    uploadedBytes: 10,
    posterUrl: "/api/clips/31/poster",
    mediaUrl: "/api/clips/31/media",
    downloadUrl: "/api/clips/31/media?download=1",
    ...overrides,
  });

function renderSections(...clips: Clip[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ol>
        {clips.map((c, index) => (
          <ClipSection key={c.id} clip={c} index={index} frame={frame} script="We paddled out." />
        ))}
      </ol>
    </QueryClientProvider>,
  );
}

let calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "PATCH") {
        const { photoSeconds } = JSON.parse(String(init.body)) as { photoSeconds: number };
        return Response.json(clip({ durationSeconds: photoSeconds, trimEndSeconds: photoSeconds, usedSeconds: photoSeconds }));
      }
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("A photo section in the editor", () => {
  it("shows the photo in the video's frame with its seconds on screen, and no player, trims or captions", () => {
    renderSections(clip(), clip({ id: 32, title: "Recording 1", kind: "video", mimeType: "video/webm", posterUrl: null }));
    const [photo, video] = screen.getAllByTestId("video-section");
    expect(photo!.dataset.kind).toBe("photo");
    expect(within(photo!).getByRole("img", { name: "Photo: Section 1: Lake at dawn" }).getAttribute("src")).toBe("/api/clips/31/media");
    expect(photo!.querySelector("video")).toBeNull();
    expect(within(photo!).queryByRole("group", { name: /Trim/ })).toBeNull();
    expect(within(photo!).queryByLabelText(/Start/)).toBeNull();
    expect(within(photo!).getByRole("spinbutton", { name: "Seconds on screen for photo Lake at dawn" })).toBeTruthy();
    // A video beside it keeps its trims.
    expect(within(video!).getByRole("group", { name: /Trim/ })).toBeTruthy();
    // Captions are asked for the video only: a photo has no words.
    expect(calls.map((c) => c.url)).toEqual(["/api/clips/32/captions.vtt"]);
  });

  it("saves the seconds a moment after typing stops", async () => {
    const user = userEvent.setup();
    renderSections(clip());
    const seconds = screen.getByRole("spinbutton", { name: /Seconds on screen/ });
    await user.clear(seconds);
    await user.type(seconds, "2.5");
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toEqual([{ url: "/api/clips/31", method: "PATCH", body: { photoSeconds: 2.5 } }]));
  });

  it("has no serious axe violations", async () => {
    renderSections(clip());
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
