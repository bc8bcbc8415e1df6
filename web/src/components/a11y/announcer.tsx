import { useEffect, useState } from "react";

/**
 * One pair of live regions for the whole app, mounted once and never unmounted, so a message is
 * read even when the component that raised it has just gone (a finished render, a removed clip).
 * Routine news is polite; only errors interrupt (assertive).
 */
export type Politeness = "polite" | "assertive";

type Messages = Record<Politeness, string>;
type Listener = (messages: Messages) => void;

let messages: Messages = { polite: "", assertive: "" };
const listeners = new Set<Listener>();

export function announce(message: string, politeness: Politeness = "polite") {
  const text = message.trim();
  if (!text) return;
  // The same words twice in a row would not change the region, so nothing would be read:
  // a trailing no-break space makes the second one a change.
  const next = messages[politeness] === text ? `${text}\u00a0` : text;
  messages = { ...messages, [politeness]: next };
  listeners.forEach((listener) => listener(messages));
}

/** Errors: read at once, interrupting. */
export function announceError(message: string) {
  announce(message, "assertive");
}

export function Announcer() {
  const [state, setState] = useState(messages);
  useEffect(() => {
    listeners.add(setState);
    setState(messages);
    return () => void listeners.delete(setState);
  }, []);
  return (
    <div className="sr-only">
      <div role="status" aria-live="polite" aria-atomic="true" data-announcer="polite">
        {state.polite}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-announcer="assertive">
        {state.assertive}
      </div>
    </div>
  );
}
