import { createElement, lazy, useState, type ComponentType } from "react";
import { lazyModule } from "../lib/lazy-module.ts";

/** A page whose code is fetched on first use, with `preload()` to fetch it earlier. */
export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Splits a page into its own chunk. `preload()` starts the same download React.lazy would, so calling it
 * when a camper is about to go there (a hover, a focus, an idle moment) makes the page open at once.
 *
 * A page whose code has arrived renders as itself. React.lazy suspends on its first render even when
 * its download has finished, and React then holds the page back behind the fallback for up to 300 ms
 * (it throttles revealing a suspended boundary): the page's own requests started that much later, on
 * every first visit (the server preloads the page's chunks, decision 029a) and every prefetched link.
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  const code = lazyModule(load);
  const preload = (): Promise<{ default: ComponentType<P> }> => code.load().then((module) => ({ default: module[name] }));
  const Suspending = lazy(preload);
  function Page(props: P) {
    // Chosen once per mount: swapping the element type later would remount the page and lose its state.
    const [Component] = useState<ComponentType<P>>(() => {
      const loaded: ComponentType<P> | undefined = code.loaded()?.[name];
      return loaded ?? Suspending;
    });
    return createElement(Component, props);
  }
  Page.displayName = name;
  return Object.assign(Page, { preload });
}
