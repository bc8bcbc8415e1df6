import { useEffect, useRef, useState, type RefObject } from "react";
import { PERSONAL_DETAIL_MESSAGES, PERSONAL_DETAIL_PLACE_NAMES } from "../../../../contracts/personal-details.ts";
import { locatePhrase, type FixTarget } from "./fix-target.ts";

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * "Fix it" for the title or the script: once the editor shows the field, it gets focus with the
 * flagged words selected (found again if the text moved since the check), and the note under it says
 * so, politely, for a screen reader. A phrase no longer there is said plainly instead.
 */
export function useFixSelection(target: FixTarget | null, fields: { title: RefObject<TextField | null>; script: RefObject<TextField | null> }) {
  const [note, setNote] = useState<{ field: "title" | "script"; text: string } | null>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!target || target.field === "captions") return;
    const field = target.field;
    const key = `${field}:${target.start}-${target.end}:${target.phrase}`;
    if (done.current === key) return;
    // After this render's effects: a route change moves focus to the page's heading first (RouteFocus).
    const timer = setTimeout(() => {
      const element = fields[field].current;
      if (!element) return;
      done.current = key;
      const where = PERSONAL_DETAIL_PLACE_NAMES[field];
      const found = locatePhrase(element.value, target.start, target.end, target.phrase);
      element.scrollIntoView?.({ block: "center" });
      element.focus();
      if (!found) {
        setNote({ field, text: PERSONAL_DETAIL_MESSAGES.gone(target.phrase, where) });
        return;
      }
      element.setSelectionRange(found.start, found.end);
      setNote({ field, text: PERSONAL_DETAIL_MESSAGES.selected(element.value.slice(found.start, found.end), where) });
    }, 0);
    return () => clearTimeout(timer);
  }, [target, fields]);
  return note;
}
