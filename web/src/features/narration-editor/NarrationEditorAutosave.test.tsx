import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildShow } from "../../testing/builders.ts";
import { TEST_USER } from "../../testing/builders.ts";
import { json } from "../../testing/http.ts";
import { draftStorageKey } from "./narration-draft.ts";
import { renderEditor, serve, startEachEditorTestClean } from "../../testing/editor.tsx";

const WAIT = { timeout: 3000 };

startEachEditorTestClean();

describe("Narration editing screen: saving by itself", () => {
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
});
