import { useCallback, useEffect, useState } from "react";

/**
 * Code fetched on first use (decision 029a): `load()` starts the download once and shares it,
 * `loaded()` answers at once when it has arrived, so a component can render the real thing without
 * waiting a tick. A failed download (a dropped connection on camp Wi-Fi) is forgotten, so the next
 * `load()` tries again.
 */
export interface LazyModule<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let current: M | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => (current = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => current,
  };
}

/**
 * The module once it is here; while `wanted`, its download runs (again after a failure, when `retry`
 * is called). `failed` says the last attempt did not arrive, for a fallback or a message.
 */
export function useLazyModule<M>(code: LazyModule<M>, wanted: boolean): { module: M | undefined; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<M | undefined>(code.loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    code.load().then(
      (arrived) => {
        if (!live) return;
        setFailed(false);
        setModule(() => arrived);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, wanted, module, attempt]);
  // Stable, so a component may schedule it from an effect without restarting the timer each render.
  // Failed no longer while the new attempt runs, so its failure is news again (a fallback re-arms its retry).
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { module: module ?? code.loaded(), failed, retry };
}
