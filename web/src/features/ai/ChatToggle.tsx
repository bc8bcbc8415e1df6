import { MessageCircleQuestion } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { CHAT_DRAWER_ID, CHAT_TOGGLE_ID, toggleChat, useChatState } from "./chat-state.ts";

/** The header button that opens and closes the AI assistant drawer; `onIntent` on pointing at or focusing it. */
export function ChatToggle({ onIntent }: { onIntent?: () => void }) {
  const { open } = useChatState();
  return (
    <Button
      id={CHAT_TOGGLE_ID}
      variant={open ? "secondary" : "outline"}
      size="sm"
      aria-label="Open AI assistant"
      aria-expanded={open}
      aria-controls={CHAT_DRAWER_ID}
      onClick={toggleChat}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <MessageCircleQuestion aria-hidden="true" />
      <span className="hidden sm:inline">AI assistant</span>
    </Button>
  );
}
