import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildShow } from "../../testing/builders.ts";
import { buildVoiceOver } from "../../testing/voice.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

const WAIT = { timeout: 4000 };

startEachEditorTestClean();

/** Three bursts of typing, each saved on its own (the autosave waits for a pause). */
async function editThreeTimes(user: ReturnType<typeof userEvent.setup>, count: () => number) {
  const script = await screen.findByRole("textbox", { name: "Narration script" });
  for (const [index, words] of [" and more", " and again", " and done"].entries()) {
    await user.type(script, words);
    await waitFor(() => expect(count()).toBe(index + 1), WAIT);
  }
}

describe("the editor's voice requests", () => {
  it("asks for the voice sample and the voice-over once per load when there are none, however often the script is saved", async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = serve({ show: buildShow(42, { narration: "We paddled.", audioSource: "voice" }) });
    renderEditor();
    expect(await screen.findByText("No voice sample saved yet.", {}, WAIT)).toBeTruthy();
    await editThreeTimes(user, () => callsTo("PATCH", "/api/recordings/42").length);

    expect(callsTo("GET", "/api/voice/sample")).toHaveLength(1);
    expect(callsTo("GET", "/api/recordings/42/voice-over")).toHaveLength(1);
    // "None yet" is not an error: nothing the editor asked for answered 404.
    const answers = (await Promise.all(fetchMock.mock.results.map((r) => r.value as Promise<Response>))).map((r) => r.status);
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((status) => status >= 400)).toEqual([]);
  }, 15_000);

  it("asks for an existing voice-over again after each save, so it says when it no longer reads the script", async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({ show: buildShow(42, { narration: "We paddled.", audioSource: "voice" }), voiceOver: buildVoiceOver(42) });
    renderEditor();
    await editThreeTimes(user, () => callsTo("PATCH", "/api/recordings/42").length);
    await waitFor(() => expect(callsTo("GET", "/api/recordings/42/voice-over")).toHaveLength(4), WAIT);
  }, 15_000);
});
