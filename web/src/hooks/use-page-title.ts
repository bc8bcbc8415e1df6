import { useEffect } from "react";
import { PRODUCT_NAME } from "../../../contracts/product.ts";

/** "My shows - Summer Stories": the page's own name first, so a tab list or screen reader says it first. */
export function pageTitle(name?: string): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Every page names itself; the route-focus manager then moves focus to its heading.
 * `null` leaves the title to an enclosing component that knows more (the show being edited).
 */
export function usePageTitle(name: string | null) {
  const title = name === null ? null : pageTitle(name);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
