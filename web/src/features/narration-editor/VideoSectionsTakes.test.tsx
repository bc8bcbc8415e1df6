import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildShow, buildClip } from "../../testing/builders.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";
import { formatSeconds } from "./length-format.ts";

const WAIT = { timeout: 4000 };

startEachEditorTestClean();

/** Three shots with several takes each, one shot with none used, and a clip recorded for no shot. */
function takesShow() {
  const take = (id: number, shotId: number, seconds: number, minute: number) =>
    buildClip(id, id, { title: `Take ${id}`, shotId, durationSeconds: seconds, createdAt: `2025-07-01T12:${String(minute).padStart(2, "0")}:00.000Z` });
  return {
    show: buildShow(42, { audioSource: "voice", narration: "We paddled. We sang. We slept." }),
    clips: [
      take(10, 1, 2, 0),
      take(11, 1, 5, 1),
      take(20, 2, 3, 2),
      take(21, 2, 7, 3),
      take(30, 3, 4, 4),
      buildClip(40, 0, { title: "Sunset", durationSeconds: 1 }),
    ],
    shots: [
      { id: 1, chosenClipId: 10 },
      { id: 2, chosenClipId: 20 },
      { id: 3, chosenClipId: null },
    ],
  };
}

const sectionIds = () => screen.getAllByTestId("video-section").map((s) => Number(s.dataset.clipId));

describe("the editor's sections: what is in the video", () => {
  it("lists exactly the clips the length panel counts, in the video's order, with other takes folded under their shot", async () => {
    serve(takesShow());
    renderEditor();
    await waitFor(() => expect(screen.getAllByTestId("video-section")).toHaveLength(3), WAIT);
    expect(sectionIds()).toEqual([10, 20, 40]);

    // The length panel counts the same clips and seconds: 2 + 3 + 1.
    const total = await screen.findByTestId("clips-total");
    await waitFor(() => expect(total.textContent).toBe(formatSeconds(6)), WAIT);
    expect(screen.getByText("Your clips (3, after trims)")).toBeTruthy();
    expect(screen.getByTestId("sections-summary").textContent).toBe(`In your video: 3 clips, ${formatSeconds(6)}`);

    const [first, second] = screen.getAllByTestId("video-section");
    expect(within(first!).getByTestId("section-shot").textContent).toBe("Shot 1, take 1, in your video");
    expect(within(second!).getByTestId("section-shot").textContent).toBe("Shot 2, take 1, in your video");
    // Other takes are folded, and say they are not in the video.
    const folded = within(first!).getByTestId("other-takes") as HTMLDetailsElement;
    expect(folded.open).toBe(false);
    expect(within(folded).getByText("Shot 1: 1 other take, not in your video")).toBeTruthy();
    expect(within(folded).getByLabelText("Play Shot 1, take 2 (not in your video)")).toBeTruthy();
    // A shot none of whose takes is used says so in its place, its takes folded too.
    const unused = screen.getByTestId("shot-not-in-video");
    expect(unused.textContent).toContain("Shot 3 is not in your video: none of its takes is used.");
    expect(within(unused).getByText("Shot 3: 1 other take, not in your video")).toBeTruthy();
  });

  it("uses a folded take: the sections and the length panel follow together", async () => {
    const user = userEvent.setup();
    const api = serve(takesShow());
    renderEditor();
    await waitFor(() => expect(screen.getAllByTestId("video-section")).toHaveLength(3), WAIT);
    const total = await screen.findByTestId("clips-total");
    await waitFor(() => expect(total.textContent).toBe(formatSeconds(6)), WAIT);

    const first = screen.getAllByTestId("video-section")[0]!;
    await user.click(within(first).getByText("Shot 1: 1 other take, not in your video"));
    expect((within(first).getByTestId("other-takes") as HTMLDetailsElement).open).toBe(true);
    await user.click(within(first).getByRole("button", { name: "Use shot 1, take 2 in your video" }));

    await waitFor(() => expect(api.callsTo("PATCH", "/api/recordings/42/shots/1")[0]?.body).toEqual({ chosenClipId: 11 }), WAIT);
    await waitFor(() => expect(sectionIds()).toEqual([11, 20, 40]), WAIT);
    await waitFor(() => expect(total.textContent).toBe(formatSeconds(9)), WAIT);
    expect(screen.getByTestId("sections-summary").textContent).toBe(`In your video: 3 clips, ${formatSeconds(9)}`);
    const now = screen.getAllByTestId("video-section")[0]!;
    expect(within(now).getByTestId("section-shot").textContent).toBe("Shot 1, take 2, in your video");
    expect(within(now).getByText("Shot 1: 1 other take, not in your video")).toBeTruthy();
  });

  it("has no serious axe violations with takes folded and opened", async () => {
    serve(takesShow());
    renderEditor();
    await waitFor(() => expect(screen.getAllByTestId("video-section")).toHaveLength(3), WAIT);
    for (const details of screen.getAllByTestId("other-takes") as HTMLDetailsElement[]) details.open = true;
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
});
