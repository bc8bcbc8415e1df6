import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../testing/http.ts";
import { mockFetch, sseFrame, sseResponse } from "../testing/ai.tsx";
import { renderWithProviders } from "../testing/render.tsx";
import { AiStatusCard } from "../features/create/AiStatusCard.tsx";
import { ChatDrawer } from "../features/ai/ChatDrawer.tsx";
import { closeChat } from "../features/ai/chat-state.ts";
import { ChatToggle } from "../features/ai/ChatToggle.tsx";
import { CustomRequestBox } from "../features/create/CustomRequestBox.tsx";
import { NarrationPanel } from "../features/create/NarrationPanel.tsx";
import { useNarrationGenerator } from "../features/create/use-narration-generator.ts";

afterEach(async () => {
  await act(async () => closeChat());
  vi.unstubAllGlobals();
});

/** Serious and critical axe violations. jsdom can't compute colours, so contrast is checked by the class rules instead. */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function Screen() {
  const generator = useNarrationGenerator({
    responses: ["We built a raft"],
    tone: "friendly",
    lengthSeconds: 120,
    initialNarration: "We built a raft and it floated.",
  });
  const [title, setTitle] = useState("Raft Day");
  return (
    <main>
      <ChatToggle />
      <NarrationPanel generator={generator} title={title} onTitleChange={setTitle}>
        <CustomRequestBox generator={generator} />
      </NarrationPanel>
      <AiStatusCard />
      <ChatDrawer />
    </main>
  );
}

describe("AI feature accessibility", () => {
  it("has no serious axe violations with the status hint showing and the chat open with messages", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.path === "/api/ai/status") {
        return json({ status: "error", message: "Rate limited", available: false, model: "gpt-4o-mini", errorCode: 429, provider: "openai" });
      }
      if (call.path === "/api/ai/chat") return sseResponse([sseFrame("done", { response: "Press the red button." })]);
      return undefined;
    });
    renderWithProviders(<Screen />, { auth: true });
    await screen.findByRole("note", { name: "Rate limit tips" });
    await user.click(await screen.findByRole("button", { name: "Open AI assistant" }));
    await user.type(screen.getByLabelText("Ask a question"), "How do I record?{Enter}");
    await screen.findByText("Press the red button.");

    expect(await seriousViolations()).toEqual([]);
  });
});

describe("contrast rules", () => {
  it("uses no text colour lighter than slate-600 and white text only on dark fills", async () => {
    const sources = import.meta.glob(["../features/ai/*.tsx", "../features/create/{AiStatusCard,CustomRequestBox,NarrationPanel}.tsx"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
    for (const [file, source] of Object.entries(sources)) {
      if (file.endsWith(".test.tsx") || file.includes("test-helpers")) continue;
      const light = source.match(/\btext-(slate|gray|zinc|neutral)-(50|100|200|300|400|500)\b/g);
      expect(light, file).toBeNull();
      for (const classes of source.match(/"[^"]*\btext-white\b[^"]*"/g) ?? []) {
        expect(classes, file).toMatch(/\bbg-(brand-700|lake-700|red-700|brand-800|lake-900|red-800)\b/);
      }
    }
  });
});
