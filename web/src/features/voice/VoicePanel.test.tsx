import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";
import { buildShow } from "../../testing/builders.ts";
import { buildVoiceOver, buildVoiceStatus, stubMediaApis } from "../../testing/voice.ts";
import { json } from "../../testing/http.ts";
import { voiceOptionsOf } from "../../api/voice-api.ts";

const WAIT = { timeout: 4000 };

/** What the built-in voices answer: ids the camper must never see, with their friendly names. */
const STATUS = buildVoiceStatus({
  provider: "Built-in voices",
  voices: ["kal16", "slt", "en-us+f3", "mystery"],
  voiceOptions: [
    { id: "kal16", name: "Kal (clearest, US)", previewUrl: "/api/voice/preview?voice=kal16" },
    { id: "slt", name: "Sam (soft, US)", previewUrl: "/api/voice/preview?voice=slt" },
    { id: "en-us+f3", name: "Robo high (eSpeak, US)", previewUrl: "/api/voice/preview?voice=en-us%2Bf3" },
    { id: "mystery", name: "mystery", previewUrl: "/api/voice/preview?voice=mystery" },
  ],
  defaultVoice: "kal16",
});

startEachEditorTestClean();

function serveWithVoices(voiceOver: ReturnType<typeof buildVoiceOver> | null = null) {
  const api = serve({ show: buildShow(42, { audioSource: "voice", voice: "slt" }), voiceOver });
  const fallback = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/voice/status") return json(STATUS);
    return fallback(input, init);
  });
  return api;
}

describe("voice names and previews", () => {
  it("gives every voice a friendly name, never a code such as en-us+f3", () => {
    expect(voiceOptionsOf(STATUS).map((o) => o.name)).toEqual(["Kal (clearest, US)", "Sam (soft, US)", "Robo high (eSpeak, US)", "Voice 4"]);
    // An older server without names: the names come from the shared list.
    expect(voiceOptionsOf({ ...STATUS, voiceOptions: [] }).map((o) => o.name)).toEqual([
      "Kal (clearest, US)",
      "Sam (soft, US)",
      "Robo high (eSpeak, US)",
      "Voice 4",
    ]);
  });

  it("offers the voices by name in the panel, with the show's voice chosen and its existing voice-over named", async () => {
    serveWithVoices(buildVoiceOver(42, { voice: "en-us+f3", voiceName: "Robo high (eSpeak, US)" }));
    renderEditor();
    const panel = await screen.findByTestId("voice-panel");
    const select = within(panel).getByRole("combobox", { name: "Voice" }) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toContain("Sam (soft, US)"), WAIT);
    expect(select.value).toBe("slt");
    expect(panel.textContent).toContain("It is not your own voice.");
    expect(await within(panel).findByTestId("voice-over-info")).toBeTruthy();
    for (const code of ["en-us+f3", "kal16", "mystery"]) expect(panel.textContent).not.toContain(code);
    expect(within(panel).getByTestId("voice-over-info").textContent).toContain("Robo high (eSpeak, US)");
  });

  it("plays a short preview of the chosen voice, and of another one once chosen", async () => {
    const media = stubMediaApis();
    const user = userEvent.setup();
    serveWithVoices();
    renderEditor();
    const panel = await screen.findByTestId("voice-panel");
    const preview = await within(panel).findByRole("button", { name: "Preview voice: Sam (soft, US)" }, WAIT);
    const audio = within(panel).getByTestId("voice-preview-audio") as HTMLAudioElement;
    expect(audio.getAttribute("src")).toBe("/api/voice/preview?voice=slt");
    await user.click(preview);
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(media.play.mock.contexts[0]).toBe(audio);
    expect(within(panel).getByRole("button", { name: "Stop preview: Sam (soft, US)" }).textContent).toBe("Stop preview");

    await user.selectOptions(within(panel).getByRole("combobox", { name: "Voice" }), "Kal (clearest, US)");
    expect(audio.getAttribute("src")).toBe("/api/voice/preview?voice=kal16");
    expect(within(panel).getByRole("button", { name: "Preview voice: Kal (clearest, US)" })).toBeTruthy();
  });

  it("says so when a preview can't be played", async () => {
    stubMediaApis({ playFails: true });
    const user = userEvent.setup();
    serveWithVoices();
    renderEditor();
    const panel = await screen.findByTestId("voice-panel");
    await user.click(await within(panel).findByRole("button", { name: "Preview voice: Sam (soft, US)" }, WAIT));
    expect(await screen.findByText("Couldn't play the preview")).toBeTruthy();
  });
});
