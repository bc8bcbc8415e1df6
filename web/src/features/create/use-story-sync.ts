import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { SHOW_MESSAGES, isPlaceholderNarration } from "../../../../contracts/recordings-constants.ts";
import type { Show, UpdateShowBody } from "../../../../contracts/recordings.ts";
import { toast } from "../../hooks/use-toast.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { useSaveBeforeSignOut } from "../idle/idle-activity.ts";
import { createShowRequest, rememberSavedShow, updateShowRequest } from "../shows/shows-api.ts";
import type { CreateSettings } from "./create-settings.ts";
import { PROMPT_TEXTS, draftTitle, hasAnyAnswer, type Answers } from "./reflection-answers.ts";

/** Quiet time after the last change before it is sent. */
export const STORY_AUTOSAVE_DELAY_MS = 800;

/** Narrations that only hold a place until the AI writes; anything else is the camper's and is kept. */

/** Everything the Create screen holds for one story. */
export interface StoryValues {
  answers: Answers;
  /** The narration box's text. */
  narration: string;
  /** The AI's last full narration (Reset to Original); "" before the AI wrote one. */
  original: string;
  /** The title box's text; blank means "derive one from the answers". */
  title: string;
  settings: CreateSettings;
}

/** The narration a show holds, with placeholder texts counting as none. */
export function writtenNarration(show: Pick<Show, "narration">): string {
  const text = show.narration ?? "";
  return isPlaceholderNarration(text) ? "" : text;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The changes the server does not have yet, or null when it has everything. */
export function diffStory(values: StoryValues, show: Show): UpdateShowBody | null {
  const patch: UpdateShowBody = {};
  // Blank answers can't be saved (a show needs one); the server keeps the last ones until then.
  if (hasAnyAnswer(values.answers) && !sameList(values.answers, show.responses)) {
    patch.prompts = PROMPT_TEXTS;
    patch.responses = values.answers;
  }
  if (values.narration !== writtenNarration(show)) patch.narration = values.narration;
  if (values.original && values.original !== (show.originalNarration ?? "")) patch.originalNarration = values.original;
  const title = values.title.trim();
  if (title && title !== show.title) patch.title = title;
  if (values.settings.tone !== show.tone) patch.tone = values.settings.tone;
  if (values.settings.videoFormat !== show.videoFormat) patch.videoFormat = values.settings.videoFormat;
  if (values.settings.lengthSeconds !== show.lengthSeconds) patch.lengthSeconds = values.settings.lengthSeconds;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** idle: nothing to save yet; pending: changes wait for a pause; saving; saved; failed (with a reason). */
export type SyncStatus = "idle" | "pending" | "saving" | "saved" | "failed";

export function syncStatusText(status: SyncStatus, failure: string | null, hasShow: boolean): string {
  switch (status) {
    case "pending":
    case "saving":
      return "Saving...";
    case "saved":
      return "All changes saved";
    case "failed":
      return `Not saved: ${failure ?? "please try again"}`;
    default:
      return hasShow ? "All changes saved" : "Answers are kept on this device until your story is saved";
  }
}

export interface SaveRequest {
  /** A narration the AI just wrote: saved as a finished (non-draft) show, without a button press. */
  automatic?: boolean;
  /** The AI's text, newer than what the screen has drawn yet. */
  generated?: string;
}

/**
 * The Create screen's one way to the server. Before the story exists, nothing is sent until the
 * camper saves, the AI writes a narration, or the first clip is saved (the show is then created with
 * that clip). Once it exists, every change is saved by itself: after a pause, on blur (flush), and
 * when the page is hidden or closed (a keepalive request). All writes run one after another, so an
 * automatic save and a button press never create two shows.
 */
export function useStorySync({
  initialShow,
  editingMode,
  values,
  draftKey,
  onCreated,
}: {
  initialShow: Show | undefined;
  editingMode: boolean;
  values: StoryValues;
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
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [status, setStatus] = useState<SyncStatus>("idle");
  const [failure, setFailure] = useState<string | null>(null);

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

  const enqueue = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.catch(() => undefined).then(task);
    queue.current = run;
    return run;
  }, []);

  const afterSave = useCallback(() => {
    const current = showRef.current;
    setFailure(null);
    setStatus(current && diffStory(valuesRef.current, current) ? "pending" : "saved");
  }, []);

  /** Sends what the server lacks; true once it has everything. */
  const flush = useCallback(
    () =>
      enqueue(async () => {
        const current = showRef.current;
        if (!current) return false;
        const patch = diffStory(valuesRef.current, current);
        if (!patch) {
          setStatus((s) => (s === "idle" ? s : "saved"));
          return true;
        }
        setStatus("saving");
        try {
          accept(await updateShowRequest(current.id, patch));
          afterSave();
          return true;
        } catch (error) {
          setStatus("failed");
          setFailure(errorMessage(error));
          return false;
        }
      }),
    [accept, afterSave, enqueue],
  );
  // An idle sign-out on a shared tablet saves what is pending first (decision 027e).
  useSaveBeforeSignOut(flush);

  // After a pause in changes, save them.
  const pendingKey = show ? JSON.stringify(diffStory(values, show)) : "null";
  useEffect(() => {
    if (pendingKey === "null") {
      // A change undone before it was sent (typing, then Reset to Original): nothing waits any more.
      setStatus((s) => (s === "pending" ? "saved" : s));
      return;
    }
    setStatus("pending");
    const timer = setTimeout(() => void flush(), STORY_AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pendingKey, flush]);

  // Hidden or closed: send the changes with keepalive so they arrive even if the page is gone.
  useEffect(() => {
    const sendPending = () => {
      const current = showRef.current;
      const patch = current && diffStory(valuesRef.current, current);
      if (!current || !patch) return;
      void updateShowRequest(current.id, patch, { keepalive: true })
        .then((saved) => {
          accept(saved);
          afterSave();
        })
        .catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") sendPending();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", sendPending);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", sendPending);
      // Leaving the screen inside the app: what is pending goes too.
      sendPending();
    };
  }, [accept, afterSave]);

  /** The Create / Update Recording button, and the automatic save after the AI writes. */
  const save = useMutation<Show, Error, SaveRequest>({
    mutationFn: ({ automatic, generated }) =>
      enqueue(async () => {
        setStatus("saving");
        const values = generated !== undefined ? { ...valuesRef.current, narration: generated, original: generated } : valuesRef.current;
        const saved = await saveStory(values, showRef.current, automatic === true, draftKey);
        accept(saved);
        afterSave();
        return saved;
      }),
    onSuccess: (_show, { automatic }) =>
      toast({ title: automatic ? "Recording saved" : editingMode ? "Recording updated" : "Draft saved" }),
    onError: (error, { automatic }) => {
      setStatus("failed");
      setFailure(errorMessage(error));
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
      enqueue(async () => {
        if (showRef.current || clipIds.length === 0) return showRef.current;
        setStatus("saving");
        const { answers, narration, original, title, settings } = valuesRef.current;
        try {
          const saved = await createShowRequest({
            title: title.trim() || draftTitle(answers),
            narration: narration.trim() ? narration : SHOW_MESSAGES.draftNarration,
            ...(original ? { originalNarration: original } : {}),
            prompts: PROMPT_TEXTS,
            responses: answers,
            isDraft: true,
            clipIds,
            ...(draftKey ? { draftKey } : {}),
            ...settings,
          });
          accept(saved);
          afterSave();
          return saved;
        } catch (error) {
          setStatus("failed");
          setFailure(errorMessage(error));
          toast({ title: "Failed to save draft", description: errorMessage(error), variant: "destructive" });
          return undefined;
        }
      }),
    [accept, afterSave, enqueue, draftKey],
  );

  return { show, status, failure, flush, save, createWithClips };
}

/**
 * Create saves a new draft; Update saves the existing show. An update never overwrites a real
 * narration with the placeholder text. A remembered draft that was deleted elsewhere is created again.
 */
async function saveStory(values: StoryValues, existing: Show | undefined, automatic: boolean, draftKey?: string): Promise<Show> {
  const { answers, narration, original, title, settings } = values;
  const choices = { tone: settings.tone, videoFormat: settings.videoFormat, lengthSeconds: settings.lengthSeconds };
  const written = isPlaceholderNarration(narration) ? undefined : narration;
  const chosenTitle = title.trim() || undefined;
  if (existing) {
    try {
      return await updateShowRequest(existing.id, {
        prompts: PROMPT_TEXTS,
        responses: answers,
        ...(written !== undefined
          ? { narration: written }
          : writtenNarration(existing)
            ? {}
            : { narration: SHOW_MESSAGES.updatedNarration }),
        ...(original && original !== existing.originalNarration ? { originalNarration: original } : {}),
        ...(chosenTitle ? { title: chosenTitle } : {}),
        ...(automatic ? { isDraft: false } : {}),
        ...choices,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return createShowRequest({
    title: chosenTitle ?? draftTitle(answers),
    narration: written ?? SHOW_MESSAGES.draftNarration,
    ...(original ? { originalNarration: original } : {}),
    prompts: PROMPT_TEXTS,
    responses: answers,
    isDraft: !automatic,
    ...(draftKey ? { draftKey } : {}),
    ...choices,
  });
}
