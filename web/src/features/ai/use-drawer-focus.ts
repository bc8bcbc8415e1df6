import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { CHAT_TOGGLE_ID, closeChat } from "./chat-state.ts";

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The drawer's keyboard behaviour. Focus goes into it (to `firstField`) when it opens and back to the
 * header toggle when it closes; Escape closes it; at full screen it covers the page, so Tab stays
 * inside. Returns the drawer's keydown handler.
 */
export function useDrawerFocus(
  panel: RefObject<HTMLElement | null>,
  firstField: RefObject<HTMLElement | null>,
  open: boolean,
  expanded: boolean,
): (event: KeyboardEvent<HTMLElement>) => void {
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open && !wasOpen.current) firstField.current?.focus();
    if (!open && wasOpen.current) {
      const active = document.activeElement;
      if (!active || active === document.body || panel.current?.contains(active)) {
        document.getElementById(CHAT_TOGGLE_ID)?.focus();
      }
    }
    wasOpen.current = open;
  }, [open, panel, firstField]);

  return (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeChat();
      return;
    }
    if (event.key === "Tab" && expanded && panel.current) {
      const focusables = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };
}
