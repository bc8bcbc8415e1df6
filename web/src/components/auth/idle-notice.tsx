import { useEffect, useState } from "react";

/**
 * "You were signed out after N minutes away": kept for this tab (sessionStorage) from the idle
 * sign-out until the sign-in page has shown it, so the next camper at the tablet sees why the
 * previous one is gone and that their work is safe. No imports beyond React: the pre-rendered
 * sign-in page carries it.
 */
const NOTICE_KEY = "summer-stories:idle-signed-out";

/** The notice read from storage in this page's life: undefined until read (read once, then removed). */
let taken: number | null | undefined;

export function rememberIdleSignOut(minutes: number) {
  taken = undefined;
  try {
    window.sessionStorage.setItem(NOTICE_KEY, String(minutes));
  } catch {
    // storage unavailable: the sign-in page shows no notice
  }
}

/** Someone signed in: the notice was about the one before them. */
export function forgetIdleSignOutNotice() {
  taken = null;
}

function takeNotice(): number | null {
  if (taken !== undefined) return taken;
  taken = readAndRemove();
  return taken;
}

function readAndRemove(): number | null {
  try {
    const raw = window.sessionStorage.getItem(NOTICE_KEY);
    window.sessionStorage.removeItem(NOTICE_KEY);
    const minutes = Number(raw);
    return raw !== null && Number.isInteger(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}

export const idleSignOutMessage = (minutes: number) =>
  `You were signed out after ${minutes} ${minutes === 1 ? "minute" : "minutes"} away. Your work is saved.`;

/** The notice on the sign-in page, once (after hydration: the pre-rendered page has none). */
export function IdleSignOutNotice() {
  const [minutes, setMinutes] = useState<number | null>(null);
  useEffect(() => setMinutes(takeNotice()), []);
  if (minutes === null) return null;
  return (
    <p role="status" className="rounded-lg border border-lake-700 bg-lake-50 px-4 py-3 font-medium text-slate-900">
      {idleSignOutMessage(minutes)}
    </p>
  );
}
