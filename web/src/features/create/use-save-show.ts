import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { SHOW_MESSAGES, type Show } from "../../../../contracts/recordings.ts";
import { toast } from "../../hooks/use-toast.ts";
import { ApiError, apiRequest, errorMessage } from "../../lib/api.ts";
import { CURRENT_USER_KEY } from "../auth/auth-context.tsx";
import type { CreateSettings } from "./create-settings.ts";
import { PROMPT_TEXTS, draftTitle, type Answers } from "./reflection-answers.ts";

/** Narrations that only hold a place until the AI writes; anything else is the camper's and is kept. */
const PLACEHOLDER_NARRATIONS = new Set<string>([SHOW_MESSAGES.draftNarration, SHOW_MESSAGES.updatedNarration, ""]);

type ExistingShow = Pick<Show, "id" | "narration">;

export interface SaveInput {
  answers: Answers;
  settings: CreateSettings;
  editingMode: boolean;
  /** The narration box's text; placeholders and blanks count as none. */
  narration?: string;
  /** The title box's text; blank means "derive one from the answers". */
  title?: string;
  /** A narration the AI just wrote is saved as a finished (non-draft) show, without a button press. */
  automatic?: boolean;
}

/**
 * Create saves a new draft; Update saves the existing show. An update never overwrites a real
 * narration with the placeholder text. A remembered draft that was deleted elsewhere is created
 * again rather than failing.
 */
export function useSaveShow({
  resolveExisting,
  remember,
}: {
  /** The show a save updates, read when the save runs: the remembered draft or the edited show. */
  resolveExisting: () => ExistingShow | undefined;
  /** Called as soon as the server confirms a save, before the next queued save runs. */
  remember: (show: Show) => void;
}) {
  const queryClient = useQueryClient();
  // Saves run one after another: an automatic save after AI generation and a button press must
  // not both create a show.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useMutation<Show, Error, SaveInput>({
    mutationFn: (input) => {
      const run = queue.current
        .catch(() => undefined)
        .then(() => saveShow(input, resolveExisting()))
        .then((show) => {
          remember(show);
          return show;
        });
      queue.current = run;
      return run;
    },
    onSuccess: (show, { editingMode, automatic }) => {
      queryClient.setQueryData([`/api/recordings/${show.id}`], show);
      void queryClient.invalidateQueries({ queryKey: ["/api/recordings"] });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: automatic ? "Recording saved" : editingMode ? "Recording updated" : "Draft saved" });
    },
    onError: (error, { editingMode, automatic }) =>
      toast({
        title: automatic ? "Failed to save recording" : editingMode ? "Failed to update recording" : "Failed to save draft",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}

async function saveShow(
  { answers, settings, narration, title, automatic }: SaveInput,
  existing: ExistingShow | undefined,
): Promise<Show> {
  const choices = { tone: settings.tone, videoFormat: settings.videoFormat, lengthSeconds: settings.lengthSeconds };
  const written = narration !== undefined && !PLACEHOLDER_NARRATIONS.has(narration.trim()) ? narration : undefined;
  const chosenTitle = title?.trim() ? title.trim() : undefined;
  if (existing) {
    const keepNarration = existing.narration !== null && !PLACEHOLDER_NARRATIONS.has(existing.narration);
    try {
      const res = await apiRequest("PATCH", `/api/recordings/${existing.id}`, {
        prompts: PROMPT_TEXTS,
        responses: answers,
        ...(written !== undefined
          ? { narration: written }
          : keepNarration
            ? {}
            : { narration: SHOW_MESSAGES.updatedNarration }),
        ...(chosenTitle ? { title: chosenTitle } : {}),
        ...(automatic ? { isDraft: false } : {}),
        ...choices,
      });
      return (await res.json()) as Show;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const res = await apiRequest("POST", "/api/narrations", {
    title: chosenTitle ?? draftTitle(answers),
    narration: written ?? SHOW_MESSAGES.draftNarration,
    prompts: PROMPT_TEXTS,
    responses: answers,
    isDraft: !automatic,
    ...choices,
  });
  return (await res.json()) as Show;
}
