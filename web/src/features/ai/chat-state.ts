import { useSyncExternalStore } from "react";

/**
 * Whether the AI assistant drawer is open (and expanded to full screen). A tiny store outside
 * React so the header toggle and the drawer, mounted in different places, agree.
 */
export interface ChatState {
  open: boolean;
  expanded: boolean;
}

export const CHAT_DRAWER_ID = "ai-chat-drawer";
export const CHAT_TOGGLE_ID = "ai-chat-toggle";

const CLOSED: ChatState = { open: false, expanded: false };
let state: ChatState = CLOSED;
const listeners = new Set<() => void>();

function set(next: ChatState) {
  if (next.open === state.open && next.expanded === state.expanded) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function openChat() {
  set({ ...state, open: true });
}

/** Closing also collapses, so the drawer opens at its usual width next time. */
export function closeChat() {
  set(CLOSED);
}

export function toggleChat() {
  if (state.open) closeChat();
  else openChat();
}

export function setChatExpanded(expanded: boolean) {
  set({ ...state, expanded });
}

export function getChatState(): ChatState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useChatState(): ChatState {
  return useSyncExternalStore(subscribe, getChatState, getChatState);
}
