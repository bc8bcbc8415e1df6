import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildShow, buildClip } from "../../testing/builders.ts";
import { json } from "../../testing/http.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

const WAIT = { timeout: 4000 };
/** 20 words: 10 s at the test server's 2 words a second. */
const LONG_SCRIPT =
  "We woke early. The lake was gold and still. We paddled out past the dock. The loons called. We laughed all the way back.";

startEachEditorTestClean();

function twoShortClips() {
  return [buildClip(5, 0, { title: "Dock", durationSeconds: 2 }), buildClip(9, 1, { title: "Canoe", durationSeconds: 2 })];
}

const panel = () => screen.findByTestId("story-length");
const toasts = () => screen.getByRole("region", { name: /Notifications/ });

/** The long script over two short clips, and Fit the script to my clips pressed: its proposal is shown. */
async function askToFit() {
  const user = userEvent.setup();
  const api = serve({ show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice" }), clips: twoShortClips() });
  renderEditor();
  const card = await panel();
  await user.click(await within(card).findByRole("button", { name: "Fit the script to my clips" }, WAIT));
  const proposal = await screen.findByTestId("fit-proposal", undefined, WAIT);
  return { user, api, card, proposal };
}

describe("the length check before rendering", () => {
  it("shows the clips' total next to the AI voice's length, and says when the voice is longer", async () => {
    const { callsTo } = serve({ show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice", voice: "kal16" }), clips: twoShortClips() });
    renderEditor();
    const card = await panel();
    expect(within(card).getByRole("heading", { level: 2, name: "How long is your video?" })).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId("clips-total").textContent).toBe("4.0 seconds"), WAIT);
    // Estimated from the pace (no voice-over yet), named by its friendly name, never its code.
    expect(within(card).getByTestId("voice-length").textContent).toBe("about 12.0 seconds");
    expect(card.textContent).not.toContain("kal16");
    expect(within(card).getByTestId("length-verdict").textContent).toBe("The AI voice is 8.0 seconds longer than your clips.");
    expect(within(card).getByRole("button", { name: "Fit the script to my clips" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Keep the whole voice" })).toBeTruthy();
    // Asked for the show's chosen voice.
    expect(callsTo("GET", "/api/recordings/42/length").at(-1)?.search.get("voice")).toBe("kal16");
  });

  it("asks again for the newly chosen voice and names it", async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({ show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice", voice: "en-us" }), clips: twoShortClips() });
    renderEditor();
    const card = await panel();
    await waitFor(() => expect(within(card).getByText(/AI voice reading your script \(Robo \(eSpeak, US\)\)/)).toBeTruthy(), WAIT);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Voice" }), "en-gb");
    await waitFor(() => expect(callsTo("GET", "/api/recordings/42/length").at(-1)?.search.get("voice")).toBe("en-gb"), WAIT);
    // A voice the shared list has no name for is still never shown by its code.
    await waitFor(() => expect(within(card).getByText(/AI voice reading your script \(Voice 2\)/)).toBeTruthy(), WAIT);
    expect(card.textContent).not.toContain("en-gb");
  });

  it("says the voice fits when it does, and that Original Audio lasts as long as the clips", async () => {
    const user = userEvent.setup();
    serve({ show: buildShow(42, { narration: "Hello camp.", audioSource: "original" }), clips: twoShortClips() });
    renderEditor();
    const card = await panel();
    await waitFor(() => expect(within(card).getByTestId("length-verdict").textContent).toContain("as long as your clips"), WAIT);
    await user.click(screen.getByRole("radio", { name: "AI voice" }));
    await waitFor(() => expect(within(card).getByTestId("length-verdict").textContent).toBe("The AI voice fits: it ends before your clips do."), WAIT);
    expect(within(card).queryByRole("button", { name: "Fit the script to my clips" })).toBeNull();
  });

  it("asks again after the script is saved, so the voice's length follows the edits", async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({ show: buildShow(42, { narration: "Hello camp.", audioSource: "voice" }), clips: twoShortClips() });
    renderEditor();
    const card = await panel();
    await waitFor(() => expect(within(card).getByTestId("voice-length").textContent).toBe("about 1.0 second"), WAIT);
    const script = screen.getByRole("textbox", { name: "Narration script" });
    await user.clear(script);
    await user.paste(LONG_SCRIPT);
    await waitFor(() => expect(within(card).getByTestId("voice-length").textContent).toBe("about 12.0 seconds"), WAIT);
    expect(callsTo("GET", "/api/recordings/42/length").length).toBeGreaterThanOrEqual(2);
    expect(within(card).getByTestId("length-verdict").textContent).toContain("longer than your clips");
  });

  it("fits the script: shows the proposal, and Use this script saves it as the narration", async () => {
    const { user, api, card, proposal } = await askToFit();
    expect(within(proposal).getByRole("heading", { level: 3 }).textContent).toBe("Shorter script (8 words, to fit your clips' 4.0 seconds)");
    expect(proposal.textContent).toContain("We woke early. The lake was gold and");
    expect(within(toasts()).getByText("A shorter script is ready")).toBeTruthy();
    expect(within(toasts()).getByText("Nothing changes until you choose Use this script.")).toBeTruthy();
    // Nothing saved yet.
    expect(api.callsTo("PATCH", "/api/recordings/42")).toHaveLength(0);

    await user.click(within(proposal).getByRole("button", { name: "Use this script" }));
    await waitFor(() => expect(api.current().narration).toBe("We woke early. The lake was gold and"), WAIT);
    expect((screen.getByRole("textbox", { name: "Narration script" }) as HTMLTextAreaElement).value).toBe(
      "We woke early. The lake was gold and",
    );
    expect(await within(toasts()).findByText("Script replaced")).toBeTruthy();
    // The used button went away with the proposal: focus is on the card's heading, not lost.
    expect(document.activeElement).toBe(within(card).getByRole("heading", { level: 2, name: "How long is your video?" }));
    expect(screen.queryByTestId("fit-proposal")).toBeNull();
    // The length check follows: 8 words now fit in 4 s.
    await waitFor(() => expect(within(card).getByTestId("length-verdict").textContent).toBe("The AI voice fits: it ends before your clips do."), WAIT);
  });

  it("Keep my script drops the proposal and keeps the narration; the button waits out the AI cooldown", async () => {
    const { user, api, card, proposal } = await askToFit();
    await user.click(within(proposal).getByRole("button", { name: "Keep my script" }));
    expect(screen.queryByTestId("fit-proposal")).toBeNull();
    expect(document.activeElement?.textContent).toBe("How long is your video?");
    expect(api.current().narration).toBe(LONG_SCRIPT);
    const again = within(card).getByRole("button", { name: /^Fit the script to my clips/ });
    expect(again.getAttribute("aria-disabled")).toBe("true");
    expect(again.textContent).toMatch(/Fit the script to my clips \(\d+ s\)/);
    expect(within(card).getByText(/You can ask the AI again in \d+ s\./)).toBeTruthy();
    expect(api.callsTo("POST", "/api/recordings/42/fit-script")).toHaveLength(1);
  });

  it("Keep the whole voice says plainly that the clips play again until the voice ends", async () => {
    const user = userEvent.setup();
    serve({ show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice" }), clips: twoShortClips() });
    renderEditor();
    const card = await panel();
    await user.click(await within(card).findByRole("button", { name: "Keep the whole voice" }, WAIT));
    expect(within(card).getByTestId("keep-whole-voice-note").textContent).toBe(
      "The whole script will be read. Your clips play again from the start, without their sound, until the voice ends, so the video will be 12.0 seconds long.",
    );
  });

  it("shows 'already fits' (422) as information, not as a success or a failure", async () => {
    const user = userEvent.setup();
    serve({
      show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice" }),
      clips: twoShortClips(),
      fitScript: () => json({ message: "Your script already fits your clips: the voice ends before the pictures do." }, 422),
    });
    renderEditor();
    const card = await panel();
    await user.click(await within(card).findByRole("button", { name: "Fit the script to my clips" }, WAIT));
    const title = await within(toasts()).findByText("Nothing to shorten");
    const toast = title.closest("li")!;
    expect(toast.textContent).toContain("Your script already fits your clips");
    expect(toast.className).not.toContain("destructive");
    expect(screen.queryByTestId("fit-proposal")).toBeNull();
    expect(within(card).queryByRole("alert")).toBeNull();
  });

  it("shows the AI's rate limit (429) as an error with its message", async () => {
    const user = userEvent.setup();
    const message = "You're asking the AI very quickly. Please wait 40 seconds and try again.";
    serve({
      show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice" }),
      clips: twoShortClips(),
      fitScript: () => json({ message }, 429),
    });
    renderEditor();
    const card = await panel();
    await user.click(await within(card).findByRole("button", { name: "Fit the script to my clips" }, WAIT));
    expect((await within(card).findByRole("alert")).textContent).toBe(message);
    expect(within(toasts()).getByText("Couldn't fit the script")).toBeTruthy();
    expect(screen.queryByTestId("fit-proposal")).toBeNull();
  });

  it("says so when the AI writer gives back the same script, and offers nothing to accept", async () => {
    const user = userEvent.setup();
    serve({
      show: buildShow(42, { narration: LONG_SCRIPT, audioSource: "voice" }),
      clips: twoShortClips(),
      fitScript: () => json({ content: LONG_SCRIPT, targetWordCount: 8, clipsSeconds: 4 }),
    });
    renderEditor();
    const card = await panel();
    await user.click(await within(card).findByRole("button", { name: "Fit the script to my clips" }, WAIT));
    expect(await within(toasts()).findByText("No shorter script")).toBeTruthy();
    expect(screen.queryByTestId("fit-proposal")).toBeNull();
  });
});
