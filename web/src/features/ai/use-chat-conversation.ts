import { useEffect, useRef, useState } from "react";
import { AI_LIMITS, AI_MESSAGES } from "../../../../contracts/ai-constants.ts";
import type { ChatBody } from "../../../../contracts/ai.ts";
import { toast } from "../../lib/toasts.ts";
import { aiErrorText } from "../../api/ai-errors.ts";
import { streamAi } from "../../api/stream-ai.ts";

export const CHAT_URL = "/api/ai/chat";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** ISO time the message was sent or received. */
  timestamp: string;
}

let nextId = 0;
const newId = () => `chat-${++nextId}`;

/**
 * A conversation with the AI assistant: the messages, the question being typed, the reply as it
 * streams in, and what a screen reader hears (each reply once, whole). A failed question goes back
 * into the box so the camper can send it again; leaving the page stops a reply in flight.
 */
export function useChatConversation() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState("");
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const pendingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function send() {
    const text = input.trim();
    if (!text || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setError(null);
    const question: ChatMessage = { id: newId(), role: "user", content: text, timestamp: new Date().toISOString() };
    const history = [...messages, question];
    setMessages(history);
    setInput("");
    setStreaming("");
    setAnnouncement("The AI assistant is writing a reply.");
    const body: ChatBody = {
      messages: history.slice(-AI_LIMITS.chatMaxMessages).map(({ role, content, timestamp }) => ({
        role,
        content: content.slice(0, AI_LIMITS.chatMessageMaxLength),
        timestamp,
      })),
    };
    const abort = new AbortController();
    abortRef.current = abort;
    try {
      const reply = await streamAi(CHAT_URL, body, { onDelta: setStreaming, signal: abort.signal });
      if (!reply.trim()) throw new Error(AI_MESSAGES.chatFailed);
      setMessages((current) => [
        ...current,
        { id: newId(), role: "assistant", content: reply, timestamp: new Date().toISOString() },
      ]);
      // Announced once, whole, rather than word by word as it streamed.
      setAnnouncement(`AI assistant: ${reply}`);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === "AbortError") return;
      const message = aiErrorText(failure, AI_MESSAGES.chatFailed);
      // The question goes back in the box so the camper can send it again with Enter.
      setMessages((current) => current.filter((m) => m.id !== question.id));
      setInput((current) => (current.trim() ? current : text));
      setError(message);
      setAnnouncement("");
      toast({ title: "AI assistant", description: message, variant: "destructive" });
    } finally {
      pendingRef.current = false;
      setPending(false);
      setStreaming(null);
      if (abortRef.current === abort) abortRef.current = null;
    }
  }

  return {
    messages,
    input,
    setInput,
    pending,
    streaming,
    error,
    announcement,
    send,
    canSend: input.trim().length > 0 && !pending,
  };
}
