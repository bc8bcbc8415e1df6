import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** A page whose code is fetched on first use, with `preload()` to fetch it earlier. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * Splits a page into its own chunk. `preload()` starts the same download React.lazy would, so calling it
 * when a camper is about to go there (a hover, a focus, an idle moment) makes the page open at once.
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => ({ default: module[name] }),
      (error: unknown) => {
        // A failed download (a dropped connection) may be retried on the next attempt.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(lazy(preload), { preload });
}
