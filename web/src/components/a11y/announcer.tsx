import { useEffect, useState } from "react";
import { currentAnnouncements, watchAnnouncements } from "../../lib/announce.ts";

/**
 * One pair of live regions for the whole app, mounted once and never unmounted, so a message is
 * read even when the component that raised it has just gone (a finished render, a removed clip).
 * Messages come from lib/announce.ts.
 */
export function Announcer() {
  const [state, setState] = useState(currentAnnouncements);
  useEffect(() => watchAnnouncements(setState), []);
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
