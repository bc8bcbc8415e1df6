import { act, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AI_MESSAGES } from "../../../../contracts/ai.ts";
import { SHOW_MESSAGES } from "../../../../contracts/shows.ts";
import { json } from "../../testing/http.ts";
import { manualSse, mockFetch, sseFrame, sseResponse } from "../../testing/ai.tsx";
import { renderWithProviders } from "../../testing/render.tsx";
import { CustomRequestBox } from "./CustomRequestBox.tsx";
import { NarrationPanel } from "./NarrationPanel.tsx";
import {
  CUSTOM_REQUEST_URL,
  GENERATE_URL,
  useNarrationGenerator,
  type NarrationGeneratorOptions,
} from "./use-narration-generator.ts";

const done = (content: string) => sseResponse([sseFrame("delta", { text: content }), sseFrame("done", { content })]);

/** Lets pending fetches, stream reads and state updates settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useNarrationGenerator", () => {
  beforeEach(() => {
    // Only the clock is fake: the cooldown reads Date.now(); promises and streams run for real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-07-01T10:00:00Z"));
  });

  const base: NarrationGeneratorOptions = { responses: ["We built a raft", "  ", ""], tone: "excited", lengthSeconds: 90 };

  it("sends only non-blank answers with the tone, length and target word count", async () => {
    const { callsTo } = mockFetch(() => done("Raft day!"));
    const onGenerated = vi.fn();
    const { result } = renderHook(() => useNarrationGenerator({ ...base, onGenerated }));
    await act(() => result.current.generate());
    expect(callsTo(GENERATE_URL)[0]!.body).toEqual({
      responses: ["We built a raft"],
      style: "excited",
      duration: 90,
      targetWordCount: 234, // 90 s at the voices' 2.6 words a second
    });
    expect(result.current.narration).toBe("Raft day!");
    expect(result.current.original).toBe("Raft day!");
    expect(onGenerated).toHaveBeenCalledWith("Raft day!");
    expect(result.current.lastAttemptAt).toBe(Date.now());
  });

  it("skips an automatic generation within 20 s of the last attempt, and runs it after", async () => {
    const { callsTo } = mockFetch(() => done("A narration."));
    const { result, rerender } = renderHook((options: NarrationGeneratorOptions) => useNarrationGenerator(options), {
      initialProps: base,
    });

    act(() => result.current.maybeGenerate());
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(1);

    // The camper adds an answer and leaves the box 19.9 s later: still cooling down.
    rerender({ ...base, responses: ["We built a raft", "It floated!", ""] });
    vi.advanceTimersByTime(19_900);
    act(() => result.current.maybeGenerate());
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(1);

    vi.advanceTimersByTime(100);
    act(() => result.current.maybeGenerate());
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(2);
    expect(callsTo(GENERATE_URL)[1]!.body).toMatchObject({ responses: ["We built a raft", "It floated!"] });
  });

  it("never triggers automatically while pending, with no answers, on unchanged answers, or over the camper's edits", async () => {
    const stream = manualSse();
    const { callsTo } = mockFetch(() => stream.response);
    const { result, rerender } = renderHook((options: NarrationGeneratorOptions) => useNarrationGenerator(options), {
      initialProps: { ...base, responses: [" ", ""] } as NarrationGeneratorOptions,
    });
    act(() => result.current.maybeGenerate());
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(0);

    rerender(base);
    act(() => result.current.maybeGenerate());
    await settle();
    expect(result.current.isGenerating).toBe(true);
    vi.advanceTimersByTime(60_000);
    act(() => result.current.maybeGenerate());
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(1);

    stream.send(sseFrame("delta", { text: "Raft " }));
    await settle();
    expect(result.current.narration).toBe("Raft ");
    stream.send(sseFrame("done", { content: "Raft day!" }));
    stream.close();
    await settle();
    expect(result.current.isGenerating).toBe(false);

    vi.advanceTimersByTime(60_000);
    act(() => result.current.maybeGenerate()); // same answers as the narration was written from
    await settle();
    act(() => result.current.setNarration("My own words"));
    rerender({ ...base, responses: ["We built a raft", "New answer"] });
    act(() => result.current.maybeGenerate()); // the camper edited the narration
    await settle();
    expect(callsTo(GENERATE_URL)).toHaveLength(1);
  });

  it("treats an empty answer as a failure and keeps the previous text", async () => {
    mockFetch(() => done("   "));
    const { result } = renderHook(() => useNarrationGenerator({ ...base, initialNarration: "Saved narration" }));
    await act(() => result.current.generate());
    expect(result.current.narration).toBe("Saved narration");
    expect(result.current.status).toBe("failed");
  });

  it("starts editing mode from a saved narration, but not from a placeholder", () => {
    mockFetch();
    const saved = renderHook(() => useNarrationGenerator({ ...base, initialNarration: "Saved narration" }));
    expect(saved.result.current.narration).toBe("Saved narration");
    expect(saved.result.current.original).toBe("Saved narration");
    const draft = renderHook(() => useNarrationGenerator({ ...base, initialNarration: SHOW_MESSAGES.draftNarration }));
    expect(draft.result.current.narration).toBe("");
  });
});

function Harness(props: Partial<NarrationGeneratorOptions>) {
  const generator = useNarrationGenerator({ responses: ["We built a raft"], tone: "friendly", lengthSeconds: 120, ...props });
  const [title, setTitle] = useState("");
  return (
    <NarrationPanel generator={generator} title={title} onTitleChange={setTitle}>
      <CustomRequestBox generator={generator} />
    </NarrationPanel>
  );
}

describe("NarrationPanel", () => {
  it("streams the narration in, announces it once, and Reset to Original restores the AI text", async () => {
    const user = userEvent.setup();
    const stream = manualSse();
    mockFetch((call) => (call.path === GENERATE_URL ? stream.response : undefined));
    renderWithProviders(<Harness />);

    const box = screen.getByLabelText<HTMLTextAreaElement>("Narration script");
    const reset = screen.getByRole("button", { name: "Reset to Original" });
    expect(reset).toHaveProperty("disabled", true);
    expect(screen.getByText(/About 312 words for a 2-minute video/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Generate AI Content" }));
    const busy = screen.getByRole("button", { name: "Generating..." });
    // Busy, not disabled: focus stays on the button while the AI writes.
    expect(busy).toHaveProperty("disabled", false);
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(document.activeElement).toBe(busy);
    stream.send(sseFrame("delta", { text: "Raft day " }));
    await settle();
    expect(box.value).toBe("Raft day ");
    expect(screen.queryByText("Narration ready")).toBeNull();
    stream.send(sseFrame("delta", { text: "was the best." }) + sseFrame("done", { content: "Raft day was the best." }));
    stream.close();
    expect(await screen.findByText("Narration ready")).toBeTruthy();
    expect(box.value).toBe("Raft day was the best.");
    expect(screen.getByText(/^5 words\./)).toBeTruthy();
    expect(reset).toHaveProperty("disabled", true);

    await user.type(box, " Truly.");
    expect(reset).toHaveProperty("disabled", false);
    await user.click(reset);
    expect(box.value).toBe("Raft day was the best.");
    expect(reset).toHaveProperty("disabled", true);
  });

  it("disables Generate AI Content without answers", () => {
    mockFetch();
    renderWithProviders(<Harness responses={["", "  "]} />);
    expect(screen.getByRole("button", { name: "Generate AI Content" })).toHaveProperty("disabled", true);
  });

  it("shows 'Generation failed' with the server's message", async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ message: "Please fill out at least one response before generating" }, 400));
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Generate AI Content" }));
    expect(await screen.findByText("Generation failed")).toBeTruthy();
    expect(screen.getByText("Please fill out at least one response before generating")).toBeTruthy();
  });

  it("says 'No content received from AI generation' for an empty result", async () => {
    const user = userEvent.setup();
    mockFetch(() => done(""));
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Generate AI Content" }));
    expect(await screen.findByText(AI_MESSAGES.noContent)).toBeTruthy();
  });

  it("generates a title, and falls back to My Reflection when that fails", async () => {
    const user = userEvent.setup();
    let titleReply: () => Response = () => json({ title: "Raft Day" });
    mockFetch((call) => (call.path === "/api/generate-title" ? titleReply() : undefined));
    renderWithProviders(<Harness initialNarration="We built a raft and it floated." />);
    const title = screen.getByLabelText<HTMLInputElement>("Title");

    await user.click(screen.getByRole("button", { name: "Generate title" }));
    await vi.waitFor(() => expect(title.value).toBe("Raft Day"));

    titleReply = () => json({ message: "busy" }, 502);
    await user.click(screen.getByRole("button", { name: "Generate title" }));
    await vi.waitFor(() => expect(title.value).toBe("My Reflection"));
    expect(screen.getByText("Failed to generate title. Please enter one manually.")).toBeTruthy();
  });

  it("downloads the narration as a .txt named from the title", async () => {
    const user = userEvent.setup();
    mockFetch();
    const createObjectURL = vi.fn((_blob: Blob) => "blob:narration");
    // jsdom has no object URLs; these stay for the download's delayed revoke.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<Harness initialNarration="We built a raft." />);
    await user.type(screen.getByLabelText("Title"), "Raft Day!");
    await user.click(screen.getByRole("button", { name: "Download narration" }));
    expect(clicked).toEqual(["Raft-Day.txt"]);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe("We built a raft.");
    expect(await screen.findByText("Download started")).toBeTruthy();
    click.mockRestore();
  });
});

describe("CustomRequestBox", () => {
  it("needs an instruction and a narration", async () => {
    const user = userEvent.setup();
    mockFetch();
    renderWithProviders(<Harness />);
    const apply = screen.getByRole("button", { name: "Apply" });
    await user.type(screen.getByLabelText("Ask the AI to change your narration"), "Make it shorter");
    expect(apply).toHaveProperty("disabled", true); // no narration yet
    await user.type(screen.getByLabelText("Narration script"), "We built a raft. It floated.");
    expect(apply).toHaveProperty("disabled", false);
    await user.clear(screen.getByLabelText("Ask the AI to change your narration"));
    await user.type(screen.getByLabelText("Ask the AI to change your narration"), "   ");
    expect(apply).toHaveProperty("disabled", true);
  });

  it("sends a suggestion at once: its change streams into the narration and says 'AI Request Complete'", async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch(() => done("Raft floated."));
    renderWithProviders(<Harness initialNarration="We built a raft. It floated." />);
    // One press: the suggestion is the request, no Apply needed.
    await user.click(screen.getByRole("button", { name: "Ask the AI: Make it shorter" }));
    expect(await screen.findByText("AI Request Complete")).toBeTruthy();
    expect(callsTo(CUSTOM_REQUEST_URL)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Narration script").value).toBe("Raft floated.");
    expect(callsTo(CUSTOM_REQUEST_URL)[0]!.body).toEqual({
      currentContent: "We built a raft. It floated.",
      customPrompt: "Make it shorter",
      style: "friendly",
    });
    // Reset to Original goes back to the narration the change started from.
    await user.click(screen.getByRole("button", { name: "Reset to Original" }));
    expect(screen.getByLabelText<HTMLTextAreaElement>("Narration script").value).toBe("We built a raft. It floated.");
  });

  it("sends nothing from a suggestion while there is no narration to change, and says why", async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch(() => done("Raft floated."));
    renderWithProviders(<Harness />);
    const chip = screen.getByRole("button", { name: "Ask the AI: Make it shorter" });
    await user.click(chip);
    expect(callsTo(CUSTOM_REQUEST_URL)).toHaveLength(0);
    expect(chip.getAttribute("aria-disabled")).toBe("true");
    expect(document.getElementById(chip.getAttribute("aria-describedby")!)!.textContent).toBe(`${AI_MESSAGES.needsNarration}.`);
  });

  it("shows the server's plain message when a change needs an AI provider", async () => {
    const user = userEvent.setup();
    const message = "The built-in offline writer can't make that kind of change. It needs an AI provider.";
    mockFetch(() => json({ message }, 422));
    renderWithProviders(<Harness initialNarration="We built a raft." />);
    await user.type(screen.getByLabelText("Ask the AI to change your narration"), "Write it as a poem{Enter}");
    expect(await screen.findByText(AI_MESSAGES.customFailed)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("Narration script").value).toBe("We built a raft.");
  });
});
