import { useCallback, useEffect, useRef, useState } from "react";
import type { Show } from "../../../../contracts/recordings.ts";
import { errorMessage } from "../../lib/api.ts";
import { useSaveBeforeSignOut } from "../idle/idle-activity.ts";
import { updateShowRequest } from "../shows/shows-api.ts";
import {
  clearDraft,
  diffFields,
  draftStorageKey,
  fieldsOf,
  initialFields,
  isEmptyPatch,
  writeDraft,
  type EditableFields,
  type ShowPatch,
} from "./narration-draft.ts";
import { isRetryable, retryDelayMs, type SaveStatus } from "./save-status.ts";

/** Quiet time after the last keystroke before the edits are sent. */
export const AUTOSAVE_DELAY_MS = 800;
export interface Autosave {
  fields: EditableFields;
  /** Edits a field; it is saved after a pause in typing, or at once with `immediate`. */
  setField: <K extends keyof EditableFields>(name: K, value: EditableFields[K], options?: { immediate?: boolean }) => void;
  /** Sends every pending edit now; true once the server has them all. */
  flush: () => Promise<boolean>;
  status: SaveStatus;
  /** The server's reason when status is "failed". */
  failure: string | null;
  /** True when the page opened with edits restored from this browser. */
  restored: boolean;
  /** The fields as the server last confirmed them. */
  saved: EditableFields;
}

/**
 * Saves a show's title, narration and audio source without a save button: after a pause in typing,
 * on blur (the caller calls flush), when the page is hidden or closed (a keepalive request), and
 * when the component goes away. Until the server confirms, an unsaved copy stays in localStorage so
 * a reload or a crash loses nothing; a failed save is retried with growing pauses.
 */
export function useAutosave({
  show,
  userId,
  onSaved,
}: {
  show: Show;
  userId: number;
  /** Told about every confirmed save, with what was sent. */
  onSaved?: (show: Show, patch: ShowPatch) => void;
}): Autosave {
  const showId = show.id;
  const storageKey = draftStorageKey(userId, showId);
  const [initial] = useState(() => initialFields(show, storageKey));
  const [fields, setFields] = useState<EditableFields>(initial.fields);
  const [saved, setSaved] = useState<EditableFields>(() => fieldsOf(show));
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [failure, setFailure] = useState<string | null>(null);

  const draftRef = useRef<EditableFields>(initial.fields);
  const savedRef = useRef<EditableFields>(fieldsOf(show));
  const inFlight = useRef<Promise<boolean> | null>(null);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryCount = useRef(0);
  const mounted = useRef(true);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const flushRef = useRef<() => Promise<boolean>>(async () => true);
  const keepaliveBody = useRef<string | null>(null);

  const update = useCallback((next: SaveStatus, reason: string | null = null) => {
    if (!mounted.current) return;
    setStatus(next);
    setFailure(reason);
  }, []);

  const clearTimers = useCallback(() => {
    if (debounceTimer.current !== null) clearTimeout(debounceTimer.current);
    if (retryTimer.current !== null) clearTimeout(retryTimer.current);
    debounceTimer.current = null;
    retryTimer.current = null;
  }, []);

  /** One PATCH of what the server lacks; resolves true when it was accepted. */
  const send = useCallback(
    async (patch: ShowPatch, keepalive: boolean): Promise<boolean> => {
      try {
        const result = await updateShowRequest(showId, patch, { keepalive });
        const confirmed = fieldsOf(result);
        savedRef.current = confirmed;
        retryCount.current = 0;
        if (mounted.current) setSaved(confirmed);
        onSavedRef.current?.(result, patch);
        if (isEmptyPatch(diffFields(draftRef.current, confirmed))) {
          clearDraft(storageKey);
          update("saved");
        }
        return true;
      } catch (error) {
        if (!mounted.current) return false;
        if (isRetryable(error)) {
          update("retrying");
          const delay = retryDelayMs(retryCount.current);
          retryCount.current += 1;
          if (retryTimer.current !== null) clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => {
            retryTimer.current = null;
            void flushRef.current();
          }, delay);
        } else {
          update("failed", errorMessage(error));
        }
        return false;
      }
    },
    [showId, storageKey, update],
  );

  const flush = useCallback(async (): Promise<boolean> => {
    if (debounceTimer.current !== null) clearTimeout(debounceTimer.current);
    debounceTimer.current = null;
    // A few rounds at most: edits made while a save is on its way go in the next one.
    for (let round = 0; round < 20; round++) {
      const running = inFlight.current;
      if (running) {
        if (!(await running)) return false;
        continue;
      }
      const patch = diffFields(draftRef.current, savedRef.current);
      if (isEmptyPatch(patch)) {
        if (status !== "idle" || retryTimer.current !== null) update("saved");
        return true;
      }
      if (retryTimer.current !== null) clearTimeout(retryTimer.current);
      retryTimer.current = null;
      update("saving");
      const request = send(patch, false);
      inFlight.current = request;
      const ok = await request;
      inFlight.current = null;
      if (!ok) return false;
    }
    return isEmptyPatch(diffFields(draftRef.current, savedRef.current));
  }, [send, status, update]);
  flushRef.current = flush;
  // An idle sign-out on a shared tablet saves what is pending first (decision 027e).
  useSaveBeforeSignOut(flush);

  const setField = useCallback<Autosave["setField"]>(
    (name, value, options) => {
      const next = { ...draftRef.current, [name]: value };
      draftRef.current = next;
      setFields(next);
      const dirty = !isEmptyPatch(diffFields(next, savedRef.current));
      if (dirty) writeDraft(storageKey, next);
      else clearDraft(storageKey);
      if (debounceTimer.current !== null) clearTimeout(debounceTimer.current);
      debounceTimer.current = null;
      if (!dirty) {
        if (!inFlight.current && retryTimer.current === null) update(status === "idle" ? "idle" : "saved");
        return;
      }
      if (retryTimer.current === null) update("saving");
      if (options?.immediate) void flushRef.current();
      else
        debounceTimer.current = setTimeout(() => {
          debounceTimer.current = null;
          void flushRef.current();
        }, AUTOSAVE_DELAY_MS);
    },
    [status, storageKey, update],
  );

  // Edits restored from this browser go to the server straight away.
  useEffect(() => {
    if (initial.restored) void flushRef.current();
  }, [initial.restored]);

  // Leaving: the page hidden or closed sends what is pending with keepalive, so it arrives even
  // if the page is gone; coming back online retries at once.
  useEffect(() => {
    const sendPending = () => {
      const patch = diffFields(draftRef.current, savedRef.current);
      if (isEmptyPatch(patch)) return;
      writeDraft(storageKey, draftRef.current);
      if (debounceTimer.current !== null) clearTimeout(debounceTimer.current);
      debounceTimer.current = null;
      // visibilitychange and pagehide often come together: one request for the same edits.
      const body = JSON.stringify(patch);
      if (keepaliveBody.current === body) return;
      keepaliveBody.current = body;
      void send(patch, true).finally(() => {
        if (keepaliveBody.current === body) keepaliveBody.current = null;
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") sendPending();
    };
    const onOnline = () => void flushRef.current();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", sendPending);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", sendPending);
      window.removeEventListener("online", onOnline);
    };
  }, [send, storageKey]);

  // Leaving the screen inside the app (Back, a link): send what is pending, keepalive as well.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimers();
      const patch = diffFields(draftRef.current, savedRef.current);
      if (!isEmptyPatch(patch)) void send(patch, true);
    };
  }, [clearTimers, send]);

  return { fields, setField, flush, status, failure, restored: initial.restored, saved };
}
