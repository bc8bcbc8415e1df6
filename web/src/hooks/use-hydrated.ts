import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False on the server and while React takes over pre-rendered markup (it reads the server's answer
 * then), true from the next render on and in any page React draws from scratch. What must not work
 * before the page's code is live (a form's submit button) reads it, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
