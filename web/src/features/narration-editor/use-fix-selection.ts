import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useSearch } from "wouter";
import { PERSONAL_DETAIL_MESSAGES, PERSONAL_DETAIL_PLACE_NAMES } from "../../../../contracts/personal-details-constants.ts";
import { locatePhrase, parseFixTarget, type FixTarget } from "../../lib/fix-target.ts";
import { useCaptionFix } from "./use-caption-fix.ts";

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

/**
 * The editor's side of "Fix it" (?fix=title|script|captions&select=START-END&phrase=...): refs for the
 * title and script fields, the note to show under the one selected, and the caption line to open.
 */
export function useFixIt(showId: number) {
  const search = useSearch();
  const target = useMemo(() => parseFixTarget(search), [search]);
  const titleRef = useRef<HTMLInputElement>(null);
  const narrationRef = useRef<HTMLTextAreaElement>(null);
  const refs = useMemo(() => ({ title: titleRef, script: narrationRef }), []);
  const note = useFixSelection(target, refs);
  const caption = useCaptionFix(showId, target);
  return { titleRef, narrationRef, note, caption };
}
