import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Show, UpdateShowBody } from "../../../../contracts/recordings.ts";
import { toast } from "../../hooks/use-toast.ts";
import { errorMessage } from "../../lib/api.ts";
import { rememberSavedShow, showKeys, updateShowRequest } from "./shows-api.ts";

/** The final video's choices kept on the show (one set per show, used by every download). */
export type ShowChoices = Pick<UpdateShowBody, "fit" | "captions" | "voice" | "videoFormat">;

/**
 * Saves one choice at once. The screen shows it straight away (the show's one cache entry), and
 * puts the server's answer there when it comes; a refused change goes back to what the server has.
 */
export function useShowChoices(showId: number) {
  const queryClient = useQueryClient();
  const key = showKeys.detail(showId);
  return useMutation<Show, Error, ShowChoices, { before: Show | undefined }>({
    mutationFn: (choices) => updateShowRequest(showId, choices),
    onMutate: async (choices) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Show>(key);
      if (before) queryClient.setQueryData<Show>(key, { ...before, ...choices } as Show);
      return { before };
    },
    onSuccess: (saved) => rememberSavedShow(queryClient, saved),
    onError: (error, _choices, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" });
    },
  });
}
