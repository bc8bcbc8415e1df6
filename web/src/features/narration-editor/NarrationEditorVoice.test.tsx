import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildShow } from "../../testing/builders.ts";
import { TEST_USER } from "../../testing/builders.ts";
import { buildVoiceOver, buildVoiceSample, buildVoiceStatus, stubMediaApis } from "../../testing/voice.ts";
import { json } from "../../testing/http.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

startEachEditorTestClean();

async function chooseClonedVoice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("radio", { name: "AI voice" }));
  return screen.findByTestId("voice-panel");
}

describe("AI voice panel", () => {
  it("appears when AI voice is chosen, saves the choice, and names the provider", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole("textbox", { name: "Narration script" });
    const panel = await chooseClonedVoice(user);

    expect(within(panel).getByRole("heading", { name: "Record Your Voice (Optional)" })).toBeTruthy();
    expect(within(panel).getByRole("heading", { name: "Generate AI Voice" })).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "Record your voice" }).getAttribute("href")).toBe("/voice-settings");
    await waitFor(() => expect(within(panel).getByTestId("voice-provider-note").textContent).toContain("Built-in voice (eSpeak NG)"));
    expect(within(panel).getByTestId("voice-provider-note").textContent).toContain("Custom voice training is not yet available.");
    expect(await within(panel).findByText("No voice sample saved yet.")).toBeTruthy();
    await waitFor(() => expect(callsTo("PATCH", "/api/recordings/42").at(-1)?.body).toEqual({ audioSource: "voice" }));
    expect(within(panel).getByRole("combobox", { name: "Voice" })).toBeTruthy();
    expect((within(panel).getByRole("button", { name: "Play AI Voice" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("disables Generate AI Voice while the narration is empty", async () => {
    serve({ show: buildShow(42, { narration: "", audioSource: "voice" }) });
    const user = userEvent.setup();
    renderEditor();
    const generate = await screen.findByRole("button", { name: "Generate AI Voice" });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Narration script" }), "Hello camp");
    expect((generate as HTMLButtonElement).disabled).toBe(false);
  });

  it("saves pending edits, then posts to THIS show's clone-voice, toasts and plays the audio", async () => {
    const media = stubMediaApis();
    const { calls } = serve({ show: buildShow(42, { narration: "Old", audioSource: "voice" }) });
    const user = userEvent.setup();
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.type(script, " and new");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Voice" }), "en-gb");
    await user.click(screen.getByRole("button", { name: "Generate AI Voice" }));

    expect(await screen.findByText("Voice sample generated")).toBeTruthy();
    expect(screen.getByText("Press Play AI Voice to listen to it.")).toBeTruthy();
    const relevant = calls.filter((c) => c.method !== "GET");
    const cloneIndex = relevant.findIndex((c) => c.path === "/api/recordings/42/clone-voice");
    expect(cloneIndex).toBeGreaterThan(0);
    expect(relevant[cloneIndex]!.body).toEqual({ voice: "en-gb" });
    expect(relevant.slice(0, cloneIndex).some((c) => c.method === "PATCH" && (c.body as { narration?: string }).narration === "Old and new")).toBe(true);
    expect(calls.some((c) => c.path.includes("/recordings/1/"))).toBe(false);

    const play = screen.getByRole("button", { name: "Play AI Voice" });
    await waitFor(() => expect((play as HTMLButtonElement).disabled).toBe(false));
    await user.click(play);
    expect(await screen.findByRole("button", { name: "Playing..." })).toBeTruthy();
    expect(media.play).toHaveBeenCalled();
    expect(screen.getByTestId("ai-voice-audio").getAttribute("src")).toBe("blob:test-1");
    media.restore();
  });

  it("shows 'Generating...' while the voice is being made", async () => {
    stubMediaApis();
    let answer!: (response: Response) => void;
    serve({
      show: buildShow(42, { audioSource: "voice" }),
      cloneVoice: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole("button", { name: "Generate AI Voice" }));
    const pending = await screen.findByRole("button", { name: "Generating..." });
    expect((pending as HTMLButtonElement).disabled).toBe(false);
    expect(pending.getAttribute("aria-disabled")).toBe("true");
    expect(pending.getAttribute("aria-busy")).toBe("true");
    expect(document.activeElement).toBe(pending);
    expect(screen.getByTestId("voice-status").textContent).toBe("Generating the AI voice...");
    answer(new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { "Content-Type": "audio/wav" } }));
    expect(await screen.findByRole("button", { name: "Generate AI Voice" })).toBeTruthy();
  });

  it("on failure shows 'Failed to generate voice sample' and toasts 'Failed to generate voice' with the server's message", async () => {
    serve({
      show: buildShow(42, { audioSource: "voice" }),
      cloneVoice: () => json({ message: "The voice service is busy" }, 503),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole("button", { name: "Generate AI Voice" }));
    expect(await screen.findByText("Failed to generate voice")).toBeTruthy();
    expect(screen.getByText("The voice service is busy")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Failed to generate voice sample");
  });

  it("shows an existing voice-over, says when the script changed, and toasts when playback fails", async () => {
    stubMediaApis({ playFails: true });
    serve({
      show: buildShow(42, { audioSource: "voice" }),
      voiceOver: buildVoiceOver(42, { matchesNarration: false, voice: "en-gb" }),
    });
    const user = userEvent.setup();
    renderEditor();
    expect(await screen.findByText("Your script changed since this voice was made. Generate it again to hear the new script.")).toBeTruthy();
    expect(screen.getByTestId("ai-voice-audio").getAttribute("src")).toBe("/api/voice-overs/3/media");
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Voice" }) as HTMLSelectElement).value).toBe("en-gb"));
    await user.click(screen.getByRole("button", { name: "Play AI Voice" }));
    expect(await screen.findByText("Playback failed")).toBeTruthy();
    expect(screen.getByText("Unable to play the generated audio.")).toBeTruthy();
  });

  it("shows the saved voice sample with a player in step 1", async () => {
    const api = serve({ show: buildShow(42, { audioSource: "voice" }) });
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/user") return json(TEST_USER);
      if (url.pathname === "/api/voice/sample") return json(buildVoiceSample());
      if (url.pathname === "/api/recordings/42") return json(buildShow(42, { audioSource: "voice" }));
      if (url.pathname === "/api/voice/status") return json(buildVoiceStatus());
      if (url.pathname === "/api/clips") return json([]);
      return json({ message: "none" }, 404);
    });
    renderEditor();
    const player = await screen.findByTestId("panel-sample-audio");
    expect(player.getAttribute("src")).toContain("/api/voice/sample/media");
    expect(player.getAttribute("aria-label")).toBe("Your saved voice sample");
    expect(screen.getByRole("link", { name: "Change your voice sample" })).toBeTruthy();
  });
});
