import { useEffect, useState, useSyncExternalStore } from "react";
import { AutosaveEngine, type AutosaveOptions, type AutosaveState } from "../lib/autosave-engine.ts";

/**
 * One AutosaveEngine for the life of the component, its state as React state, and its page
 * listeners while the component is on screen (leaving sends what is pending). The options are read
 * once: pass functions that read refs, not values of one render.
 */
export function useAutosaveEngine<P>(options: AutosaveOptions<P>): AutosaveState & { engine: AutosaveEngine<P> } {
  const [engine] = useState(() => new AutosaveEngine(options));
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  useEffect(() => engine.attach(), [engine]);
  return { ...state, engine };
}
