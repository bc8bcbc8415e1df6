import { useCallback, useEffect, useRef, useState } from "react";
import type { Show } from "../../../../contracts/shows.ts";
import { useAutosaveEngine } from "../../hooks/use-autosave-engine.ts";
import { errorMessage } from "../../api/client.ts";
import type { AutosaveStatus } from "../../lib/autosave-engine.ts";
import { useSaveBeforeSignOut } from "../../lib/idle-activity.ts";
import { updateShowRequest } from "../../api/shows-api.ts";
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

/** The editor says "Saving..." from the first keystroke: a change waiting for its pause is saving. */
function shownStatus(status: AutosaveStatus): SaveStatus {
  return status === "pending" ? "saving" : status;
}

/**
 * Saves a show's title, narration and audio source without a save button, through the autosave
 * engine (after a pause in typing, on blur, on page hide, on leaving). Until the server confirms, an
 * unsaved copy stays in localStorage so a reload or a crash loses nothing; a failed save is retried
 * with growing pauses.
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
  const draftRef = useRef<EditableFields>(initial.fields);
  const savedRef = useRef<EditableFields>(fieldsOf(show));
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const { engine, status, failure } = useAutosaveEngine<ShowPatch>({
    pending: () => {
      const patch = diffFields(draftRef.current, savedRef.current);
      return isEmptyPatch(patch) ? null : patch;
    },
    send: async (patch, { keepalive }) => {
      if (keepalive) writeDraft(storageKey, draftRef.current);
      const result = await updateShowRequest(showId, patch, { keepalive });
      const confirmed = fieldsOf(result);
      savedRef.current = confirmed;
      setSaved(confirmed);
      onSavedRef.current?.(result, patch);
      if (isEmptyPatch(diffFields(draftRef.current, confirmed))) clearDraft(storageKey);
    },
    describe: errorMessage,
    retryable: isRetryable,
    retryDelayMs,
  });
  const { flush } = engine;
  // An idle sign-out on a shared tablet saves what is pending first (decision 027e).
  useSaveBeforeSignOut(flush);

  const setField = useCallback<Autosave["setField"]>(
    (name, value, options) => {
      const next = { ...draftRef.current, [name]: value };
      draftRef.current = next;
      setFields(next);
      if (isEmptyPatch(diffFields(next, savedRef.current))) clearDraft(storageKey);
      else writeDraft(storageKey, next);
      engine.changed(options);
    },
    [engine, storageKey],
  );

  // Edits restored from this browser go to the server straight away.
  useEffect(() => {
    if (initial.restored) void flush();
  }, [initial.restored, flush]);

  return { fields, setField, flush, status: shownStatus(status), failure, restored: initial.restored, saved };
}
