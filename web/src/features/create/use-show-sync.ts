import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { SHOW_MESSAGES } from "../../../../contracts/shows-constants.ts";
import type { Show, UpdateShowBody } from "../../../../contracts/shows.ts";
import { toast } from "../../lib/toasts.ts";
import { useAutosaveEngine } from "../../hooks/use-autosave-engine.ts";
import { errorMessage } from "../../api/client.ts";
import { useSaveBeforeSignOut } from "../../lib/idle-activity.ts";
import { createShowRequest, rememberSavedShow, updateShowRequest } from "../../api/shows-api.ts";
import { diffShowDraft, newShowBody, saveShow, type ShowDraft } from "./show-draft.ts";

export interface SaveRequest {
  /** A narration the AI just wrote: saved as a finished (non-draft) show, without a button press. */
  automatic?: boolean;
  /** The AI's text, newer than what the screen has drawn yet. */
  generated?: string;
}

/**
 * The Create screen's one way to the server. Before the story exists, nothing is sent until the
 * camper saves, the AI writes a narration, or the first clip is saved (the show is then created with
 * that clip). Once it exists, every change is saved by the autosave engine: after a pause, on blur
 * (flush), and when the page is hidden or closed (a keepalive request). All writes run one after
 * another, so an automatic save and a button press never create two shows.
 */
export function useShowSync({
  initialShow,
  editingMode,
  values,
  draftKey,
  onCreated,
}: {
  initialShow: Show | undefined;
  editingMode: boolean;
  values: ShowDraft;
  /**
   * The device's key for a new story, sent with every create: when a create's answer is lost (a
   * reload mid-request), the next create gets the same show back instead of making a second one.
   */
  draftKey?: string;
  /** The new story's show exists now (remember its id on the device). */
  onCreated?: (show: Show) => void;
}) {
  const queryClient = useQueryClient();
  const [show, setShow] = useState<Show | undefined>(initialShow);
  const showRef = useRef(initialShow);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;

  const accept = useCallback(
    (saved: Show) => {
      const created = showRef.current === undefined;
      showRef.current = saved;
      setShow(saved);
      rememberSavedShow(queryClient, saved);
      if (created) onCreatedRef.current?.(saved);
    },
    [queryClient],
  );

  const { engine, status, failure } = useAutosaveEngine<UpdateShowBody>({
    canSend: () => showRef.current !== undefined,
    pending: () => (showRef.current ? diffShowDraft(valuesRef.current, showRef.current) : null),
    send: async (patch, { keepalive }) => accept(await updateShowRequest(showRef.current!.id, patch, { keepalive })),
    describe: errorMessage,
  });
  const { flush } = engine;
  // An idle sign-out on a shared tablet saves what is pending first (decision 027e).
  useSaveBeforeSignOut(flush);

  // Every change the server lacks is saved after a pause; one undone before it went, no longer waits.
  const pendingKey = show ? JSON.stringify(diffShowDraft(values, show)) : "null";
  useEffect(() => engine.changed(), [pendingKey, engine]);

  /** The Create / Update Recording button, and the automatic save after the AI writes. */
  const save = useMutation<Show, Error, SaveRequest>({
    mutationFn: ({ automatic, generated }) =>
      engine.run(async () => {
        engine.markSaving();
        const values = generated !== undefined ? { ...valuesRef.current, narration: generated, original: generated } : valuesRef.current;
        const saved = await saveShow(values, showRef.current, automatic === true, draftKey);
        accept(saved);
        engine.markSettled();
        return saved;
      }),
    onSuccess: (_show, { automatic }) =>
      toast({ title: automatic ? "Recording saved" : editingMode ? "Recording updated" : "Draft saved" }),
    onError: (error, { automatic }) => {
      engine.markFailed(error);
      toast({
        title: automatic ? "Failed to save recording" : editingMode ? "Failed to update recording" : "Failed to save draft",
        description: errorMessage(error),
        variant: "destructive",
      });
    },
  });

  /** Recording first: the first saved clip creates the story's show, with that clip on it. */
  const createWithClips = useCallback(
    (clipIds: number[]) =>
      engine.run(async () => {
        if (showRef.current || clipIds.length === 0) return showRef.current;
        engine.markSaving();
        const values = valuesRef.current;
        const narration = values.narration.trim() ? values.narration : SHOW_MESSAGES.draftNarration;
        try {
          const saved = await createShowRequest(newShowBody(values, narration, { isDraft: true, clipIds, draftKey }));
          accept(saved);
          engine.markSettled();
          return saved;
        } catch (error) {
          engine.markFailed(error);
          toast({ title: "Failed to save draft", description: errorMessage(error), variant: "destructive" });
          return undefined;
        }
      }),
    [accept, engine, draftKey],
  );

  return { show, status, failure, flush, save, createWithClips };
}
