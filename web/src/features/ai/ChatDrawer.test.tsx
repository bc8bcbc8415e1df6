import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AI_MESSAGES } from "../../../../contracts/ai.ts";
import { json } from "../../testing/http.ts";
import { manualSse, mockFetch, sseFrame, sseResponse } from "../../testing/ai.tsx";
import { renderWithProviders } from "../../testing/render.tsx";
import { ChatDrawer } from "./ChatDrawer.tsx";
import { CHAT_URL } from "./use-chat-conversation.ts";
import { closeChat } from "./chat-state.ts";
import { ChatToggle } from "./ChatToggle.tsx";

afterEach(async () => {
  await act(async () => closeChat());
  vi.unstubAllGlobals();
});

function renderChat() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ChatToggle />
      <ChatDrawer />
    </>,
    { auth: true },
  );
  return user;
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  const toggle = await screen.findByRole("button", { name: "Open AI assistant" });
  await user.click(toggle);
  return { toggle, input: screen.getByLabelText<HTMLTextAreaElement>("Ask a question") };
}

describe("Chat drawer", () => {
  it("opens from the toggle with focus in the box, and Escape closes it with focus back on the toggle", async () => {
    mockFetch();
    const user = renderChat();
    const toggle = await screen.findByRole("button", { name: "Open AI assistant" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(toggle);
    const dialog = screen.getByRole("dialog", { name: "AI assistant" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Ask a question"));
    expect(within(dialog).getByText(/Ask me how to use Summer Stories/)).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Expand" }));
    expect(dialog.className).toContain("w-full");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    await user.click(within(dialog).getByRole("button", { name: "Collapse" }));
    expect(dialog.className).toContain("w-[400px]");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Close AI assistant" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("Enter sends, a blank box sends nothing, Shift+Enter adds a line, and a pending reply blocks a second send", async () => {
    const stream = manualSse();
    const { callsTo } = mockFetch((call) => (call.path === CHAT_URL ? stream.response : undefined));
    const user = renderChat();
    const { input } = await openDrawer(user);

    await user.type(input, "   {Enter}");
    expect(callsTo(CHAT_URL)).toHaveLength(0);
    // Unavailable but still focusable, so a camper standing on it never drops to <body>.
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("aria-disabled")).toBe("true");

    await user.clear(input);
    await user.type(input, "How do I{Shift>}{Enter}{/Shift}record?");
    expect(input.value).toBe("How do I\nrecord?");
    expect(callsTo(CHAT_URL)).toHaveLength(0);

    await user.keyboard("{Enter}");
    expect(callsTo(CHAT_URL)).toHaveLength(1);
    const body = callsTo(CHAT_URL)[0]!.body as { messages: { role: string; content: string; timestamp: string }[] };
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ role: "user", content: "How do I\nrecord?" });
    expect(typeof body.messages[0]!.timestamp).toBe("string");
    expect(input.value).toBe("");
    const conversation = screen.getByRole("list", { name: "Conversation" });
    expect(within(conversation).getByText("How do I record?", { normalizer: (t) => t.replace(/\s+/g, " ") })).toBeTruthy();

    // While the reply is pending, another Enter sends nothing.
    await user.type(input, "And another thing{Enter}");
    expect(callsTo(CHAT_URL)).toHaveLength(1);
    expect(input.value).toBe("And another thing");

    stream.send(sseFrame("delta", { text: "Press the red " }));
    expect(await within(conversation).findByText("Press the red")).toBeTruthy();
    stream.send(sseFrame("delta", { text: "button." }) + sseFrame("done", { response: "Press the red button." }));
    stream.close();
    expect(await within(conversation).findByText("Press the red button.")).toBeTruthy();
    // The whole reply is announced once it is complete.
    await vi.waitFor(() => expect(screen.getByText("AI assistant: Press the red button.")).toBeTruthy());

    // Now the queued question goes, with the history.
    const next = sseResponse([sseFrame("done", { response: "Sure." })]);
    const { callsTo: callsTo2 } = mockFetch((call) => (call.path === CHAT_URL ? next : undefined));
    await user.type(input, "{Enter}");
    await vi.waitFor(() => expect(callsTo2(CHAT_URL)).toHaveLength(1));
    const second = callsTo2(CHAT_URL)[0]!.body as { messages: { role: string; content: string }[] };
    expect(second.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "How do I\nrecord?"],
      ["assistant", "Press the red button."],
      ["user", "And another thing"],
    ]);
  });

  it("shows the server's text inline and as a toast when the request fails, and gives the question back", async () => {
    mockFetch((call) => (call.path === CHAT_URL ? json({ message: "The AI assistant is resting. Try again in a minute." }, 502) : undefined));
    const user = renderChat();
    const { input } = await openDrawer(user);
    await user.type(input, "Help!{Enter}");
    const texts = await screen.findAllByText("The AI assistant is resting. Try again in a minute.");
    expect(texts.length).toBe(2); // inline and in the toast
    expect(input.value).toBe("Help!");
    expect(within(screen.getByRole("list", { name: "Conversation" })).queryByText("Help!")).toBeNull();
  });

  it("falls back to the standard failure text when there is no server message", async () => {
    mockFetch((call) => (call.path === CHAT_URL ? Promise.reject(new TypeError("Failed to fetch")) : undefined));
    const user = renderChat();
    const { input } = await openDrawer(user);
    await user.type(input, "Help!{Enter}");
    expect((await screen.findAllByText(AI_MESSAGES.chatFailed)).length).toBe(2);
  });
});
