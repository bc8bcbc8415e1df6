import { useEffect, useState } from "react";
import type { LocalClip } from "./clip-store.ts";
import { getRecorderRuntime, recoverUnfinished, type RecorderRuntime } from "./runtime.ts";

/** The recorder's runtime (clip store and upload manager), null until it has started. */
export function useRecorderRuntime(): RecorderRuntime | null {
  const [runtime, setRuntime] = useState<RecorderRuntime | null>(null);
  useEffect(() => {
    let cancelled = false;
    void getRecorderRuntime().then((value) => !cancelled && setRuntime(value));
    return () => {
      cancelled = true;
    };
  }, []);
  return runtime;
}

/**
 * This camper's clips kept on this device, current with the store's change events (new chunks,
 * states, progress); null until the store has been read. Uploads left unfinished by an earlier
 * visit are resumed once the list is known.
 */
export function useDeviceClips(runtime: RecorderRuntime | null, userId: number): LocalClip[] | null {
  const [local, setLocal] = useState<LocalClip[] | null>(null);
  useEffect(() => {
    if (!runtime) return;
    const { store } = runtime;
    let cancelled = false;
    // Changes that arrive while the list is still being read are applied to it once it is in.
    const pending: { localId: string; clip: LocalClip | null }[] = [];
    let loaded = false;
    const apply = (list: LocalClip[], change: { localId: string; clip: LocalClip | null }) => {
      const rest = list.filter((c) => c.localId !== change.localId);
      return change.clip && change.clip.userId === userId ? [...rest, change.clip] : rest;
    };
    const unsubscribe = store.subscribe((change) => {
      if (cancelled) return;
      if (!loaded) pending.push(change);
      else setLocal((list) => apply(list ?? [], change));
    });
    void store
      .listClips(userId)
      .then((list) => {
        if (cancelled) return;
        loaded = true;
        setLocal(pending.reduce(apply, list));
        return recoverUnfinished(runtime, userId);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setLocal([]);
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [runtime, userId]);
  return local;
}
