/**
 * What the app's one pair of live regions (components/a11y/announcer.tsx) reads out: any layer may
 * announce, the data layer included (a render finished, a shot saved), without drawing anything.
 * Routine news is polite; only errors interrupt (assertive).
 */
export type Politeness = "polite" | "assertive";

export type Messages = Record<Politeness, string>;
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

/** The messages now, and each change after (for the live regions); returns the unsubscribe. */
export function watchAnnouncements(listener: Listener): () => void {
  listeners.add(listener);
  listener(messages);
  return () => void listeners.delete(listener);
}

export function currentAnnouncements(): Messages {
  return messages;
}
