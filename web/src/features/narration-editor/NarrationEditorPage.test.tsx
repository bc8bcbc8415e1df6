import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route, Switch } from "wouter";
import { buildShow, renderAt } from "../shows/test-helpers.tsx";
import {
  TEST_USER,
  buildVoiceOver,
  buildVoiceSample,
  buildVoiceStatus,
  json,
  mockApi,
  stubMediaApis,
} from "../voice/voice-test-helpers.ts";
import { ShowDetailPage } from "../shows/ShowDetailPage.tsx";
import { draftStorageKey } from "./narration-draft.ts";
import { buildClip, renderEditor, serve, startEachEditorTestClean } from "./editor-test-helpers.tsx";

const WAIT = { timeout: 3000 };

startEachEditorTestClean();

async function chooseClonedVoice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("radio", { name: "AI voice" }));
  return screen.findByTestId("voice-panel");
}

describe("Narration editing screen", () => {
  it("shows the back button, the editable title with its hint, the narration card and the audio source", async () => {
    serve({ show: buildShow(42, { title: "Lake Day", narration: "We paddled." }) });
    renderEditor();

    const title = await screen.findByRole("textbox", { name: "Show title" });
    expect((title as HTMLInputElement).value).toBe("Lake Day");
    expect(screen.getByText("Click to edit title").id).toBe(title.getAttribute("aria-describedby"));
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: "Summer Stories Narration" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Narration script" }) as HTMLTextAreaElement).value).toBe("We paddled.");
    const group = screen.getByRole("radiogroup", { name: "Audio source" });
    expect((within(group).getByRole("radio", { name: "Original Audio" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("link", { name: "Back to show" }).getAttribute("href")).toBe("/shows/42");
    expect(screen.getByRole("link", { name: "Record to the script" }).getAttribute("href")).toBe("/shows/42/shots");
    expect(screen.queryByTestId("voice-panel")).toBeNull();
  });

  it("autosaves the narration after typing, with no save button, and says Saved", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });

    await user.clear(script);
    await user.type(script, "A new script");
    expect(screen.queryByRole("button", { name: /save/i })).toBeNull();
    expect(screen.getByTestId("save-status").textContent).toBe("Saving...");
    expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toContain("A new script");

    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"), WAIT);
    const patches = callsTo("PATCH", "/api/recordings/42");
    expect(patches.at(-1)?.body).toEqual({ narration: "A new script" });
    // The debounce sends one request for the whole burst of typing.
    expect(patches.length).toBeLessThanOrEqual(2);
    // Confirmed by the server: the local copy is gone.
    expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toBeNull();
  });

  it("saves the last edits before going to record to the script (the shots are cut from the saved script)", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    const { location } = renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.clear(script);
    await user.type(script, "Shots come from this.");
    await user.click(screen.getByRole("link", { name: "Record to the script" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/shows/42/shots"), WAIT);
    expect(callsTo("PATCH", "/api/recordings/42").at(-1)?.body).toEqual({ narration: "Shots come from this." });
  });

  it("saves the title on Enter and sends only the trimmed title", async () => {
    const { callsTo } = serve({ show: buildShow(42, { title: "Lake Day" }) });
    const user = userEvent.setup();
    renderEditor();
    const title = await screen.findByRole("textbox", { name: "Show title" });
    await user.clear(title);
    await user.type(title, "  Canoe Trip {Enter}");
    await waitFor(() => expect(callsTo("PATCH", "/api/recordings/42").map((c) => c.body)).toContainEqual({ title: "Canoe Trip" }));
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"), WAIT);
  });

  it("never sends a blank title and puts the saved one back on blur", async () => {
    const { callsTo } = serve({ show: buildShow(42, { title: "Lake Day" }) });
    const user = userEvent.setup();
    renderEditor();
    const title = await screen.findByRole("textbox", { name: "Show title" });
    await user.clear(title);
    expect(screen.getByRole("alert").textContent).toBe("Title can't be empty");
    await user.tab();
    expect((title as HTMLInputElement).value).toBe("Lake Day");
    expect(callsTo("PATCH", "/api/recordings/42")).toHaveLength(0);
  });

  it("restores an unsaved local copy newer than the server's, and sends it", async () => {
    const show = buildShow(42, { narration: "Server text", updatedAt: "2025-07-01T12:00:00.000Z" });
    window.localStorage.setItem(
      draftStorageKey(TEST_USER.id, 42),
      JSON.stringify({ title: show.title, narration: "Typed before the reload", audioSource: "original", editedAt: Date.parse(show.updatedAt) + 60_000 }),
    );
    const { callsTo } = serve({ show });
    renderEditor();

    const script = await screen.findByRole("textbox", { name: "Narration script" });
    expect((script as HTMLTextAreaElement).value).toBe("Typed before the reload");
    expect(screen.getByTestId("restored-note")).toBeTruthy();
    await waitFor(() => expect(callsTo("PATCH", "/api/recordings/42").at(-1)?.body).toEqual({ narration: "Typed before the reload" }));
    await waitFor(() => expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toBeNull());
  });

  it("ignores a local copy older than the server's last change", async () => {
    const show = buildShow(42, { narration: "Server text", updatedAt: "2025-07-01T12:00:00.000Z" });
    window.localStorage.setItem(
      draftStorageKey(TEST_USER.id, 42),
      JSON.stringify({ title: show.title, narration: "Old local text", audioSource: "original", editedAt: Date.parse(show.updatedAt) - 60_000 }),
    );
    const { callsTo } = serve({ show });
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    expect((script as HTMLTextAreaElement).value).toBe("Server text");
    expect(screen.queryByTestId("restored-note")).toBeNull();
    expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toBeNull();
    expect(callsTo("PATCH", "/api/recordings/42")).toHaveLength(0);
  });

  it("says 'Not saved — retrying' when a save fails, keeps the local copy, and retries", async () => {
    let failures = 1;
    const { callsTo } = serve({
      patch: () => (failures-- > 0 ? json({ message: "Database is resting" }, 503) : undefined),
    });
    const user = userEvent.setup();
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.type(script, "!");
    await user.tab();
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Not saved — retrying"), WAIT);
    expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toContain("lake.!");
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"), { timeout: 5000 });
    expect(callsTo("PATCH", "/api/recordings/42")).toHaveLength(2);
  });

  it("says plainly when the server's answer to a save cannot be read, instead of retrying it forever", async () => {
    const { callsTo } = serve({ patch: () => json({ id: 42, title: "no other fields" }) });
    const user = userEvent.setup();
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.type(script, "!");
    await user.tab();
    await waitFor(
      () => expect(screen.getByTestId("save-status").textContent).toMatch(/^Not saved: The server's answer to \/api\/recordings\/42 could not be read \(.+\)\. Reload the page and try again\.$/),
      WAIT,
    );
    // The edit is kept in this browser, and not sent again by itself.
    expect(window.localStorage.getItem(draftStorageKey(TEST_USER.id, 42))).toContain("lake.!");
    expect(callsTo("PATCH", "/api/recordings/42")).toHaveLength(1);
  });

  it("sends pending edits once, with keepalive, when the page is hidden", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.type(script, " More.");
    act(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("pagehide"));
    });
    Reflect.deleteProperty(document, "visibilityState");
    expect(callsTo("PATCH", "/api/recordings/42")).toHaveLength(1);
    const patch = callsTo("PATCH", "/api/recordings/42")[0];
    expect(patch?.keepalive).toBe(true);
    expect(patch?.body).toEqual({ narration: "We paddled across the lake. More." });
  });

  it("sends pending edits when the camper leaves with Back to show", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    const { location } = renderEditor();
    const script = await screen.findByRole("textbox", { name: "Narration script" });
    await user.type(script, " Bye.");
    await user.click(screen.getByRole("link", { name: "Back to show" }));
    expect(await screen.findByText("Show detail")).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/shows/42");
    await waitFor(() => expect(callsTo("PATCH", "/api/recordings/42").at(-1)?.body).toEqual({ narration: "We paddled across the lake. Bye." }));
  });

  it("is reached from the show detail page's 'Edit narration & voice' link", async () => {
    serve();
    renderAt(
      "/shows/42",
      <Switch>
        <Route path="/shows/:id" component={ShowDetailPage} />
      </Switch>,
    );
    const link = await screen.findByRole("link", { name: "Edit narration & voice" });
    expect(link.getAttribute("href")).toBe("/shows/42/narration");
  });

  it("lists the clips in order as videos in a box of the format's aspect ratio", async () => {
    serve({
      show: buildShow(42, { videoFormat: "tiktok" }),
      clips: [buildClip(5, 0, { title: "Opening" }), buildClip(9, 1, { title: "Closing", durationSeconds: 7 })],
    });
    renderEditor();
    const sections = await screen.findAllByTestId("video-section");
    expect(sections).toHaveLength(2);
    expect(screen.getByRole("heading", { level: 2, name: "Video Sections" })).toBeTruthy();
    expect(sections[0]!.textContent).toContain("Opening");
    expect(sections[0]!.textContent).toContain("1:05");
    expect(sections[1]!.textContent).toContain("Closing");
    expect(sections[1]!.textContent).toContain("0:07");
    const videos = sections.map((s) => s.querySelector("video")!);
    expect(videos.map((v) => v.getAttribute("src"))).toEqual(["/api/clips/5/media", "/api/clips/9/media"]);
    expect(videos.every((v) => v.hasAttribute("controls") && v.getAttribute("preload") === "metadata")).toBe(true);
    const frame = screen.getAllByTestId("clip-frame")[0]!;
    expect(frame.style.aspectRatio).toBe("9 / 16");
    expect(frame.dataset.aspectRatio).toBe("9/16");
  });

  it("uses 16/9 for a landscape format and offers recording when there are no clips", async () => {
    const { callsTo } = serve({ show: buildShow(42, { videoFormat: "youtube" }), clips: [] });
    renderEditor();
    expect(await screen.findByText("No clips yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Record clips" }).getAttribute("href")).toBe("/record?id=42");
    // What is in the video comes from the server's one list of it.
    expect(callsTo("GET", "/api/recordings/42/sections")).toHaveLength(1);
  });

  it("shows 'Show Not Found' for a missing or someone else's show", async () => {
    mockApi((call) => (call.path === "/api/recordings/99" ? json({ message: "Show not found" }, 404) : undefined));
    renderEditor(99);
    expect(await screen.findByRole("heading", { level: 1, name: "Show Not Found" })).toBeTruthy();
    expect(screen.getByText("The show you're looking for doesn't exist or you don't have permission to view it.")).toBeTruthy();
  });
});

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
