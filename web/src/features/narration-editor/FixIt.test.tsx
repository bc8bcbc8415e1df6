import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { PERSONAL_DETAIL_EXPLANATIONS, type PersonalDetailsCheck } from "../../../../contracts/personal-details.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { buildShow, buildClip } from "../../testing/builders.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

const WAIT = { timeout: 4000 };

startEachEditorTestClean();

const SCRIPT = "We paddled to the island. Call me at 555-123-4567 after camp!";
const PHONE = "555-123-4567";
const AT = SCRIPT.indexOf(PHONE);
/** The video's captions: two lines, the number on the second, which shows from 6.5 s. */
const CAPTIONS = "We paddled to the island. Call me at 555-123-4567 after camp!";
const LINE = { index: 1, startSeconds: 6.5, endSeconds: 9, text: "Call me at 555-123-4567 after camp!", start: 11, end: 23 };

function checkOf(show: Show): PersonalDetailsCheck {
  const script = show.narration ?? "";
  const inScript = script.indexOf(PHONE);
  const places = [
    ...(inScript >= 0 ? [{ field: "script" as const, start: inScript, end: inScript + PHONE.length }] : []),
    { field: "captions" as const, start: AT, end: AT + PHONE.length, line: LINE },
  ];
  return {
    showId: 42,
    texts: { title: show.title, script, captions: CAPTIONS },
    findings: [{ kind: "phone", phrase: PHONE, ...places[0]!, places, explanation: PERSONAL_DETAIL_EXPLANATIONS.phone, source: "rules", kept: false }],
    unresolved: 1,
    aiChecked: false,
    checkedAt: "2026-07-01T12:00:00.000Z",
  };
}

const scriptBox = () => screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Narration script" });

describe("Fix it opens the narration editor with the flagged words selected", () => {
  it("in the script: focused, exactly the phrase selected, and said", async () => {
    serve({ show: buildShow(42, { narration: SCRIPT }) });
    renderEditor(42, `?fix=script&select=${AT}-${AT + PHONE.length}&phrase=${PHONE}`);
    const status = await screen.findByText(`Selected "${PHONE}" in your script. Change or delete it.`, {}, WAIT);
    expect(status.getAttribute("role")).toBe("status");
    const box = scriptBox();
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([AT, AT + PHONE.length]);
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe(PHONE);
  });

  it("finds the words again when the script moved on since the check, and says so when they are gone", async () => {
    const moved = `Hello! ${SCRIPT}`;
    serve({ show: buildShow(42, { narration: moved }) });
    const first = renderEditor(42, `?fix=script&select=${AT}-${AT + PHONE.length}&phrase=${PHONE}`);
    await screen.findByText(`Selected "${PHONE}" in your script. Change or delete it.`, {}, WAIT);
    const box = scriptBox();
    expect([box.selectionStart, box.selectionEnd]).toEqual([AT + 7, AT + 7 + PHONE.length]);
    first.unmount();

    serve({ show: buildShow(42, { narration: "We paddled to the island." }) });
    renderEditor(42, `?fix=script&select=${AT}-${AT + PHONE.length}&phrase=${PHONE}`);
    expect(await screen.findByText(`"${PHONE}" is no longer in your script.`, {}, WAIT)).toBeTruthy();
    expect(document.activeElement).toBe(scriptBox());
  });

  it("in the title: the title field, the name selected", async () => {
    serve({ show: buildShow(42, { title: "Summer with Maya Johnson", narration: SCRIPT }) });
    renderEditor(42, "?fix=title&select=12-24&phrase=Maya%20Johnson");
    await screen.findByText(`Selected "Maya Johnson" in your title. Change or delete it.`, {}, WAIT);
    const title = screen.getByTestId<HTMLInputElement>("title-input");
    expect(document.activeElement).toBe(title);
    expect(title.value.slice(title.selectionStart!, title.selectionEnd!)).toBe("Maya Johnson");
  });

  it("in the captions: the clip on screen when the line shows, its caption line with the words selected, and the same words in the script one click away", async () => {
    serve({
      show: buildShow(42, { narration: SCRIPT }),
      clips: [buildClip(5, 0, { title: "Dock", durationSeconds: 4 }), buildClip(9, 1, { title: "Canoe", durationSeconds: 5 })],
      personalDetails: checkOf,
    });
    const { container } = renderEditor(42, `?fix=captions&select=${AT}-${AT + PHONE.length}&phrase=${PHONE}&line=1`);
    const fix = await screen.findByTestId("caption-fix", {}, WAIT);
    // 6.5 s into the video is the second clip (the first shows for 4 s).
    const [dock, canoe] = screen.getAllByTestId("video-section");
    expect(canoe!.contains(fix)).toBe(true);
    expect(within(dock!).queryByTestId("caption-fix")).toBeNull();
    const line = within(fix).getByRole<HTMLTextAreaElement>("textbox", { name: "Caption line 2 of your video (at 0:06)" });
    await waitFor(() => expect(document.activeElement).toBe(line), WAIT);
    expect(line.value.slice(line.selectionStart, line.selectionEnd)).toBe(PHONE);
    expect(within(fix).getByRole("status").textContent).toBe(`Selected "${PHONE}" in caption line 2 of your video. Change or delete it.`);
    expect(within(fix).getByText(/fix the words in the script, then make the video again/)).toBeTruthy();

    await userEvent.click(within(fix).getByRole("link", { name: "Select it in the script" }));
    await screen.findByText(`Selected "${PHONE}" in your script. Change or delete it.`, {}, WAIT);
    const box = scriptBox();
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([AT, AT + PHONE.length]);

    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says so when the caption no longer holds the words (a new video was made)", async () => {
    serve({
      show: buildShow(42, { narration: "We paddled to the island." }),
      clips: [buildClip(5, 0, { durationSeconds: 4 })],
      personalDetails: (show) => ({ ...checkOf(show), findings: [], unresolved: 0 }),
    });
    renderEditor(42, `?fix=captions&select=${AT}-${AT + PHONE.length}&phrase=${PHONE}&line=1`);
    expect(await screen.findByText(`"${PHONE}" is no longer in your video's captions.`, {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("caption-fix")).toBeNull();
  });
});
