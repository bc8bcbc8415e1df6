import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";

/** How long a new page may take to show its heading (data loading, a lazily loaded screen). */
const HEADING_WAIT_MS = 15_000;

/**
 * The new page's visible h1. While a lazily loaded page is still downloading, React keeps the old
 * page mounted but hidden (display: none) behind the loading spinner; its h1 cannot take focus, so
 * it must not count, or focus would be "moved" to it and stay on <body>.
 */
function mainHeading(main: HTMLElement): HTMLElement | null {
  return [...main.querySelectorAll<HTMLElement>("h1")].find((h1) => h1.checkVisibility?.() ?? true) ?? null;
}

/**
 * After a route change, focus moves to the new page's main heading (or the main region when a page
 * has none yet), so a screen reader reads where the camper now is, once, and the next Tab starts
 * at the top of the new page instead of on a link that no longer means anything (or on <body>).
 * The first page load is left alone: the browser reads the title itself. (Compared with the last address
 * rather than counted, so React's development double run of effects does not count as a change.)
 * A page that moves focus on its own first (a dialog, a field) keeps it.
 */
export function RouteFocus({ mainId = "main" }: { mainId?: string }) {
  const [location] = useLocation();
  const search = useSearch();
  const address = `${location}?${search}`;
  const lastAddress = useRef(address);

  useEffect(() => {
    if (lastAddress.current === address) return;
    lastAddress.current = address;
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
    // Attributes too: React shows a page it had hidden by changing its style.
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ["style", "hidden"] });
    return stop;
  }, [address, mainId]);

  return null;
}
