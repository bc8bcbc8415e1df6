import { createElement, type ComponentType, type ReactNode } from "react";
import { lazyModule, useLazyModule } from "../lib/lazy-module.ts";
import { PageUnavailable } from "./PageUnavailable.tsx";

/** A page whose code is fetched on first use, with `preload()` to fetch it earlier. */
export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Splits a page into its own chunk. `preload()` starts the download, so calling it when a camper is
 * about to go there (a hover, a focus, an idle moment) makes the page open at once.
 *
 * A page whose code has arrived renders as itself. One whose code is still on its way renders
 * `fallback` and then itself, by a state update, not by suspending: React holds back a suspended part
 * of the page for 300 ms after its fallback showed (it throttles revealing a boundary), so a page whose
 * code arrived 100 ms after the app started still painted 300 ms after it. On camp Wi-Fi that was every
 * first visit to a signed-in screen: the app's own code runs before the page's last chunk arrives
 * (the server preloads them side by side, decision 029a), so the page suspended and waited out the
 * rest of the 300 ms with nothing left to fetch. A failed download shows `failed` in the page's place
 * (the header and the rest of the app stay), whose Try again fetches the code once more.
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  fallback: () => ReactNode = () => null,
  failed: (retry: () => void) => ReactNode = (retry) => createElement(PageUnavailable, { onRetry: retry }),
): LazyPage<P> {
  const code = lazyModule(load);
  const preload = () => code.load();
  function Page(props: P) {
    // Set once when the code arrives and never swapped after (that would remount the page).
    const { module, failed: notArrived, retry } = useLazyModule(code, true);
    if (module) return createElement(module[name], props);
    return notArrived ? failed(retry) : fallback();
  }
  Page.displayName = name;
  return Object.assign(Page, { preload });
}
