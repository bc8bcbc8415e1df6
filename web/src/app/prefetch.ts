import { useEffect } from "react";
import { useAuth } from "../api/auth-context.tsx";
import { prefetchPath } from "./pages.ts";

/**
 * Fetches page code just before a camper is likely to need it, never during the first paint:
 * - pointing at or tabbing to a link fetches that link's page;
 * - starting to fill in a form while signed out fetches the Create screen (where signing in leads).
 * Nothing is fetched on an idle moment: on shared camp Wi-Fi a first visit pays for every byte, and the
 * pages most campers open next (Create, the show list, the editor) came to 80 KB of JavaScript that a
 * first visit to any signed-in screen carried (decision 029a).
 */
export function usePagePrefetch() {
  const { user } = useAuth();
  const signedIn = Boolean(user);

  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest("a[href]");
      const href = link?.getAttribute("href");
      if (href?.startsWith("/")) prefetchPath(href);
      else if (!signedIn && target?.closest("form")) prefetchPath("/home");
    };
    document.addEventListener("pointerover", onIntent, { passive: true });
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    return () => {
      document.removeEventListener("pointerover", onIntent);
      document.removeEventListener("focusin", onIntent);
      document.removeEventListener("touchstart", onIntent);
    };
  }, [signedIn]);
}

/** Mount once inside the auth provider. */
export function PagePrefetch() {
  usePagePrefetch();
  return null;
}
