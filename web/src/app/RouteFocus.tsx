import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";

/** How long a new page may take to show its heading (data loading, a lazily loaded screen). */
const HEADING_WAIT_MS = 15_000;

function mainHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>("h1");
}

/**
 * After a route change, focus moves to the new page's main heading (or the main region when a page
 * has none yet), so a screen reader reads where the camper now is, once, and the next Tab starts
 * at the top of the new page instead of on a link that no longer means anything (or on <body>).
 * The first page load is left alone: the browser reads the title itself.
 * A page that moves focus on its own first (a dialog, a field) keeps it.
 */
export function RouteFocus({ mainId = "main" }: { mainId?: string }) {
  const [location] = useLocation();
  const search = useSearch();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const before = document.activeElement;
    // Focus that moved into the new page, or into a dialog, since the change was made by the page itself.
    const focusMovedOn = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active !== before && active.isConnected;
    };

    const focus = (target: HTMLElement) => {
      if (focusMovedOn()) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    };

    const found = mainHeading(main);
    if (found) {
      focus(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = mainHeading(main);
      if (!heading) return;
      stop();
      focus(heading);
    });
    const timer = setTimeout(() => {
      stop();
      focus(main);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [location, search, mainId]);

  return null;
}
