import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SHOW_MESSAGES, type Show } from "../../../../contracts/recordings.ts";
import { toast } from "../../hooks/use-toast.ts";
import { ApiError, apiRequest, errorMessage } from "../../lib/api.ts";
import { CURRENT_USER_KEY } from "../auth/auth-context.tsx";
import type { CreateSettings } from "./create-settings.ts";
import { PROMPT_TEXTS, draftTitle, type Answers } from "./reflection-answers.ts";

/** Narrations that only hold a place until the AI writes; anything else is the camper's and is kept. */
const PLACEHOLDER_NARRATIONS = new Set<string>([SHOW_MESSAGES.draftNarration, SHOW_MESSAGES.updatedNarration, ""]);

export interface SaveInput {
  answers: Answers;
  settings: CreateSettings;
  /** The show being updated: the remembered draft, or the one opened in editing mode. */
  existing?: Pick<Show, "id" | "narration">;
  editingMode: boolean;
}

/**
 * Create saves a new draft; Update saves the existing show. An update never overwrites a real
 * narration with the placeholder text. A remembered draft that was deleted elsewhere is created
 * again rather than failing.
 */
export function useSaveShow(onSaved: (show: Show) => void) {
  const queryClient = useQueryClient();
  return useMutation<Show, Error, SaveInput>({
    mutationFn: async ({ answers, settings, existing }) => {
      const choices = { tone: settings.tone, videoFormat: settings.videoFormat, lengthSeconds: settings.lengthSeconds };
      if (existing) {
        const keepNarration = existing.narration !== null && !PLACEHOLDER_NARRATIONS.has(existing.narration);
        try {
          const res = await apiRequest("PATCH", `/api/recordings/${existing.id}`, {
            prompts: PROMPT_TEXTS,
            responses: answers,
            ...(keepNarration ? {} : { narration: SHOW_MESSAGES.updatedNarration }),
            ...choices,
          });
          return (await res.json()) as Show;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }
      const res = await apiRequest("POST", "/api/narrations", {
        title: draftTitle(answers),
        narration: SHOW_MESSAGES.draftNarration,
        prompts: PROMPT_TEXTS,
        responses: answers,
        isDraft: true,
        ...choices,
      });
      return (await res.json()) as Show;
    },
    onSuccess: (show, { editingMode }) => {
      queryClient.setQueryData([`/api/recordings/${show.id}`], show);
      void queryClient.invalidateQueries({ queryKey: ["/api/recordings"] });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: editingMode ? "Recording updated" : "Draft saved" });
      onSaved(show);
    },
    onError: (error, { editingMode }) =>
      toast({
        title: editingMode ? "Failed to update recording" : "Failed to save draft",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
