import { Maximize2, Minimize2, Send, X } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { AI_LIMITS } from "../../../../contracts/ai-constants.ts";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/utils.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { CHAT_DRAWER_ID, closeChat, setChatExpanded, useChatState } from "./chat-state.ts";
import { useChatConversation, type ChatMessage } from "./use-chat-conversation.ts";
import { useDrawerFocus } from "./use-drawer-focus.ts";

function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

/** The right-hand AI assistant drawer. Mount it once, inside the auth provider; it shows only for signed-in campers. */
export function ChatDrawer() {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) closeChat();
  }, [user]);
  if (!user) return null;
  // Keyed by user so one camper's conversation never shows for the next.
  return <ChatPanel key={user.id} />;
}

/** The drawer's markup around one conversation (use-chat-conversation.ts) and its keyboard rules (use-drawer-focus.ts). */
function ChatPanel() {
  const { open, expanded } = useChatState();
  const { messages, input, setInput, pending, streaming, error, announcement, send, canSend } = useChatConversation();
  const panelRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const onPanelKeyDown = useDrawerFocus(panelRef, inputRef, open, expanded);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();

  // Keep the newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, streaming]);

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section
      id={CHAT_DRAWER_ID}
      ref={panelRef}
      role="dialog"
      aria-modal={expanded ? true : undefined}
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onPanelKeyDown}
      className={cn(
        "fixed inset-y-0 right-0 z-40 flex flex-col border-l border-slate-300 bg-white text-slate-900 shadow-2xl",
        expanded ? "w-full border-l-0" : "w-[400px] max-[440px]:w-full max-[440px]:border-l-0",
      )}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="mr-auto text-lg font-semibold">
          AI assistant
        </h2>
        {/* Below 440 px the drawer is already full width. */}
        <Button variant="ghost" size="sm" className="max-[440px]:hidden" onClick={() => setChatExpanded(!expanded)}>
          {expanded ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
          {expanded ? "Collapse" : "Expand"}
        </Button>
        <Button variant="ghost" size="icon" aria-label="Close AI assistant" onClick={closeChat}>
          <X aria-hidden="true" />
        </Button>
      </div>

      <div ref={listRef} className="flex-1 overflow-y-auto px-4 py-4">
        <div className={cn("grid gap-3", expanded && "mx-auto max-w-3xl")}>
          <p className="rounded-lg bg-lake-50 px-3 py-2 text-sm text-slate-800">
            Hi! Ask me how to use {PRODUCT_NAME}: writing your answers, making the narration shorter, recording clips, or
            downloading your story.
          </p>
          <ol aria-label="Conversation" className="grid gap-3">
            {messages.map((m) => (
              <ChatBubble key={m.id} role={m.role} content={m.content} timestamp={m.timestamp} />
            ))}
            {streaming !== null && (
              <li className="grid justify-items-start gap-1" aria-busy="true">
                <span className="sr-only">AI assistant is replying:</span>
                <div className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-900">
                  {streaming || <span className="text-slate-700">Thinking...</span>}
                </div>
              </li>
            )}
          </ol>
        </div>
      </div>

      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>

      <form
        className={cn("grid gap-2 border-t border-slate-200 px-4 py-3", expanded && "mx-auto w-full max-w-3xl")}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Ask a question
        </label>
        {error && (
          <p id={errorId} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            ref={inputRef}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onInputKeyDown}
            rows={2}
            maxLength={AI_LIMITS.chatMessageMaxLength}
            aria-describedby={error ? errorId : undefined}
            placeholder="How do I make my narration shorter?"
            className="min-h-[2.75rem] w-full resize-y rounded-md border border-slate-400 bg-white px-3 py-2 text-base placeholder:text-slate-600"
          />
          <Button type="submit" size="icon" aria-label="Send" busy={pending} softDisabled={!canSend}>
            <Send aria-hidden="true" />
          </Button>
        </div>
        <p className="text-xs text-slate-600">Enter sends. Shift+Enter starts a new line.</p>
      </form>
    </section>
  );
}

function ChatBubble({ role, content, timestamp }: Omit<ChatMessage, "id">) {
  const mine = role === "user";
  return (
    <li className={cn("grid gap-1", mine ? "justify-items-end" : "justify-items-start")}>
      <span className="sr-only">{mine ? "You said:" : "AI assistant said:"}</span>
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm",
          mine ? "bg-lake-700 text-white" : "bg-slate-100 text-slate-900",
        )}
      >
        {content}
      </div>
      <time dateTime={timestamp} className="text-xs text-slate-600">
        {formatTime(timestamp)}
      </time>
    </li>
  );
}
