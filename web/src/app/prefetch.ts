import { useEffect } from "react";
import { useAuth } from "../features/auth/auth-context.tsx";
import { pages, prefetchPath } from "./pages.ts";
import { whenIdle } from "./lazy-page.ts";

/**
 * Fetches page code just before a camper is likely to need it, never during the first paint:
 * - pointing at or tabbing to a link fetches that link's page;
 * - starting to fill in a form while signed out fetches the Create screen (where signing in leads);
 * - once signed in, an idle moment fetches the pages most campers open next.
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

  useEffect(() => {
    if (!signedIn) return;
    return whenIdle(() => {
      for (const page of [pages.create, pages.shows, pages.narrationEditor]) void page.preload().catch(() => {});
    });
  }, [signedIn]);
}

/** Mount once inside the auth provider. */
export function PagePrefetch() {
  usePagePrefetch();
  return null;
}
