import { useEffect, useRef } from "react";

/**
 * What the idle sign-out on shared tablets (decision 027e) asks of the rest of the client, without
 * knowing any feature: work that must be saved before a camper is signed out (the editors' autosave
 * flushes), and work that must never be cut by it (a take being recorded, clips uploading). A module
 * of its own, with no imports but React, so features depend on it and not on the idle watcher.
 */
type Saver = () => Promise<unknown>;

const savers = new Set<Saver>();
let holds = 0;

/** A screen's "save now": called, and waited for, before an idle sign-out. */
export function registerSaver(save: Saver): () => void {
  savers.add(save);
  return () => savers.delete(save);
}

/**
 * Runs every registered saver and waits for all of them, or for `timeoutMs` (a save that hangs must
 * not keep a shared tablet signed in; its edits are on this device as well, in the draft copies).
 */
export async function saveEverything(timeoutMs = 8000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([Promise.allSettled([...savers].map((save) => save())), timeout]);
  clearTimeout(timer);
}

/** Whether some work in progress (recording, uploading) counts as the camper being here. */
export function isHeld(): boolean {
  return holds > 0;
}

/** While `active`, the camper is never idle: a recording or an upload is not cut by a sign-out. */
export function useIdleHold(active: boolean) {
  useEffect(() => {
    if (!active) return;
    holds += 1;
    return () => {
      holds -= 1;
    };
  }, [active]);
}

/** Registers `save` (the latest one each render) for as long as the calling component is mounted. */
export function useSaveBeforeSignOut(save: () => Promise<unknown>) {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => registerSaver(() => latest.current()), []);
}
