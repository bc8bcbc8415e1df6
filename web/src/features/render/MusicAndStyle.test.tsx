import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Show } from "../../../../contracts/shows.ts";
import { dismissToast } from "../../lib/toasts.ts";
import { MUSIC_PREVIEW_UNSUPPORTED_TOAST } from "./use-music-preview.ts";
import { renderEditor, serve } from "../../testing/editor.tsx";
import { buildShow } from "../../testing/builders.ts";
import { json } from "../../testing/http.ts";
import { stubMediaApis } from "../../testing/voice.ts";

const WAIT = { timeout: 5000 };
/** The whole editor renders around the panel; on a busy 2-core machine several saves can take more than 5 s. */
const SLOW = 15_000;
let media: ReturnType<typeof stubMediaApis>;

beforeEach(() => {
  window.localStorage.clear();
  media = stubMediaApis();
});

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const story = (overrides: Partial<Show> = {}) => buildShow(42, { narration: "We paddled across the lake.", ...overrides });
const radio = (name: string | RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;
const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
type Sent = Partial<Show>;
const patches = (api: ReturnType<typeof serve>) => api.callsTo("PATCH", "/api/recordings/42").map((c) => c.body as Sent);

async function openEditor(show = story()) {
  const api = serve({ show });
  renderEditor();
  await screen.findByRole("radio", { name: /Sunny Trail/ }, WAIT);
  return api;
}

describe("the final video's music", () => {
  it("saves a chosen track and its level on the show, and No music as null", async () => {
    const api = await openEditor();
    expect(radio("No music").checked).toBe(true);
    // No level to choose without music.
    expect(screen.queryByRole("group", { name: "Music level" })).toBeNull();

    fireEvent.click(radio(/Sunny Trail/));
    expect(radio(/Sunny Trail/).checked).toBe(true);
    await waitFor(() => expect(patches(api)).toContainEqual({ music: "sunny-trail" }), WAIT);
    expect(api.current().music).toBe("sunny-trail");
    expect((await screen.findByText("Saved: music Sunny Trail.", {}, WAIT)).getAttribute("role")).toBe("status");

    const level = screen.getByRole("group", { name: "Music level" });
    expect((within(level).getByRole("radio", { name: "Medium" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(level).getByRole("radio", { name: "Loud" }));
    await waitFor(() => expect(patches(api)).toContainEqual({ musicLevel: "loud" }), WAIT);

    fireEvent.click(radio("No music"));
    await waitFor(() => expect(patches(api).at(-1)).toEqual({ music: null }), WAIT);
    expect(api.current().music).toBeNull();
    await waitFor(() => expect(screen.queryByRole("group", { name: "Music level" })).toBeNull(), WAIT);
  }, SLOW);

  it("previews one track at a time: Stop toggles, another track takes over, the end resets it", async () => {
    const api = await openEditor();
    const audio = screen.getByTestId("music-preview-audio") as HTMLAudioElement;

    fireEvent.click(screen.getByRole("button", { name: "Preview Sunny Trail" }));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(audio.getAttribute("src")).toBe("/api/music/sunny-trail/audio");
    const stop = await screen.findByRole("button", { name: "Stop Sunny Trail" });
    expect(stop.textContent).toContain("Stop");

    fireEvent.click(screen.getByRole("button", { name: "Preview Still Lake" }));
    expect(audio.getAttribute("src")).toBe("/api/music/still-lake/audio");
    expect(media.play).toHaveBeenCalledTimes(2);
    await screen.findByRole("button", { name: "Stop Still Lake" });
    expect(screen.getByRole("button", { name: "Preview Sunny Trail" })).toBeTruthy();

    const pausesBefore = media.pause.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Stop Still Lake" }));
    expect(media.pause.mock.calls.length).toBeGreaterThan(pausesBefore);
    await screen.findByRole("button", { name: "Preview Still Lake" });
    expect(media.play).toHaveBeenCalledTimes(2);

    // A track played to its end offers its preview again.
    fireEvent.click(screen.getByRole("button", { name: "Preview Canoe Race" }));
    await screen.findByRole("button", { name: "Stop Canoe Race" });
    act(() => void audio.dispatchEvent(new Event("ended")));
    await screen.findByRole("button", { name: "Preview Canoe Race" });
    // Listening is not choosing: nothing was saved on the show.
    expect(api.callsTo("PATCH", "/api/recordings/42")).toEqual([]);
    expect(radio("No music").checked).toBe(true);
  }, SLOW);

  it("stops the preview when the editor goes away", async () => {
    serve({ show: story() });
    const { unmount } = renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Preview Summit Climb" }, WAIT));
    const pausesBefore = media.pause.mock.calls.length;
    unmount();
    expect(media.pause.mock.calls.length).toBeGreaterThan(pausesBefore);
  }, SLOW);

  it("says a browser that can't play the previews still puts the music in the video", async () => {
    media.play.mockImplementation(() => Promise.reject(new DOMException("no decoder", "NotSupportedError")));
    await openEditor();
    const preview = screen.getByRole("button", { name: "Preview Still Lake" });
    fireEvent.click(preview);
    expect(await screen.findByText(MUSIC_PREVIEW_UNSUPPORTED_TOAST.description, undefined, WAIT)).toBeTruthy();
    // Back to a Preview button, nothing left "playing".
    await waitFor(() => expect(screen.getByRole("button", { name: "Preview Still Lake" })).toBeTruthy(), WAIT);
  }, SLOW);

  it("says so in the panel when the library can't be loaded, and keeps the other choices working", async () => {
    const api = serve({ show: story(), music: () => json({ message: "Music is resting" }, 503) });
    renderEditor();
    expect((await screen.findByText(/The music could not be loaded: Music is resting/, {}, WAIT)).getAttribute("role")).toBe("alert");
    expect(radio("No music").checked).toBe(true);
    fireEvent.click(box("Cross-fade between sections"));
    await waitFor(() => expect(patches(api)).toContainEqual({ transitions: false }), WAIT);
  }, SLOW);
});

describe("the final video's style", () => {
  it("saves cross-fades, the captions style and the cards, with the name only while cards are on", async () => {
    const api = await openEditor(story({ audioSource: "voice" }));
    expect(box("Cross-fade between sections").checked).toBe(true);
    expect(radio("Lines").checked).toBe(true);
    expect(box("Title and end cards").checked).toBe(true);
    expect(box("Show my first name on the title card").disabled).toBe(false);
    // Captions are on with the AI voice: no note that they are off.
    expect(screen.queryByTestId("caption-style-note")).toBeNull();

    fireEvent.click(box("Cross-fade between sections"));
    await waitFor(() => expect(patches(api)).toContainEqual({ transitions: false }), WAIT);
    expect(await screen.findByText("Saved: cross-fades off.", {}, WAIT)).toBeTruthy();

    fireEvent.click(radio("Word by word"));
    expect(radio("Word by word").checked).toBe(true);
    await waitFor(() => expect(patches(api)).toContainEqual({ captionStyle: "word" }), WAIT);

    fireEvent.click(box("Show my first name on the title card"));
    await waitFor(() => expect(patches(api)).toContainEqual({ titleCardName: true }), WAIT);

    fireEvent.click(box("Title and end cards"));
    await waitFor(() => expect(patches(api)).toContainEqual({ titleCard: false }), WAIT);
    const name = box("Show my first name on the title card");
    expect(name.disabled).toBe(true);
    expect(document.getElementById(name.getAttribute("aria-describedby")!)!.textContent).toMatch(/Turn on title and end cards/);
    expect(api.current()).toMatchObject({ transitions: false, captionStyle: "word", titleCard: false, titleCardName: true });
  }, SLOW);

  it("keeps the captions style in view with a note while captions are off", async () => {
    await openEditor(story({ audioSource: "voice", captions: false }));
    const group = screen.getByRole("group", { name: "Captions style" });
    expect(group.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByTestId("caption-style-note").textContent).toMatch(/Used when the video has captions/);
  }, SLOW);

  it("puts a refused choice back and says why", async () => {
    const api = serve({
      show: story(),
      patch: (call) => ((call.body as Sent).captionStyle ? json({ message: "Caption style must be one of lines, word" }, 400) : undefined),
    });
    renderEditor();
    fireEvent.click(await screen.findByRole("radio", { name: "Word by word" }, WAIT));
    expect(await screen.findByText("Caption style must be one of lines, word", {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(radio("Lines").checked).toBe(true), WAIT);
    expect(api.current().captionStyle).toBe("lines");
  }, SLOW);

  it("has no axe violations with a track chosen and cards off", async () => {
    await openEditor(story({ music: "still-lake", titleCard: false }));
    await screen.findByRole("group", { name: "Music level" });
    const group = screen.getByRole("region", { name: "Music and style" });
    const results = await axe.run(group, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }, SLOW);
});
