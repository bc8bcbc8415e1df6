import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Show, UpdateShowBody } from "../../../contracts/shows.ts";
import { toast } from "../lib/toasts.ts";
import { errorMessage } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { rememberSavedShow, updateShowRequest } from "./shows-api.ts";

/** The final video's choices kept on the show (one set per show, used by every download). */
export type ShowChoices = Pick<
  UpdateShowBody,
  "fit" | "captions" | "voice" | "videoFormat" | "music" | "musicLevel" | "transitions" | "captionStyle" | "titleCard" | "titleCardName"
>;

/** The show with these choices in it; a choice left out (undefined) keeps the show's, a null is a choice. */
function withChoices(show: Show, choices: ShowChoices): Show {
  const given = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  return { ...show, ...given };
}

/**
 * Saves one choice at once. The screen shows it straight away (the show's one cache entry), and
 * puts the server's answer there when it comes; a refused change goes back to what the server has.
 */
export function useShowChoices(showId: number) {
  const queryClient = useQueryClient();
  const key = apiKeys.show(showId);
  // What the camper just picked, in React state set inside the click itself: the cache entry changes
  // a task later (TanStack notifies observers on a timer), and a controlled radio or box would show the
  // old choice until then. Each field leaves once its save has settled; the cache has the truth then.
  const [pending, setPending] = useState<ShowChoices>({});
  // The last choices the server took, for a screen that says so out loud (a polite status line).
  const [saved, setSaved] = useState<ShowChoices | null>(null);
  const settle = useCallback((choices: ShowChoices) => {
    setPending((now) => {
      const left = Object.fromEntries(Object.entries(now).filter(([field, value]) => choices[field as keyof ShowChoices] !== value));
      return Object.keys(left).length === Object.keys(now).length ? now : left;
    });
  }, []);
  const mutation = useMutation<Show, Error, ShowChoices, { before: Show | undefined }>({
    // Keyed so that other saves' answers keep these choices while they are in flight (rememberSavedShow).
    mutationKey: apiKeys.showChoices(showId),
    mutationFn: (choices) => updateShowRequest(showId, choices),
    onMutate: async (choices) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Show>(key);
      if (before) queryClient.setQueryData<Show>(key, withChoices(before, choices));
      return { before };
    },
    onSuccess: (answer, choices) => {
      rememberSavedShow(queryClient, answer);
      setSaved(choices);
    },
    onError: (error, choices, context) => {
      // Only the refused choices go back; anything saved meanwhile stays.
      const before = context?.before;
      if (before) {
        const restored: ShowChoices = Object.fromEntries(Object.keys(choices).map((field) => [field, before[field as keyof ShowChoices]]));
        queryClient.setQueryData<Show>(key, (current) => (current ? withChoices(current, restored) : before));
      }
      toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" });
    },
    onSettled: (_saved, _error, choices) => settle(choices),
  });
  const { mutate } = mutation;
  const choose = useCallback(
    (choices: ShowChoices) => {
      setPending((now) => ({ ...now, ...choices }));
      mutate(choices);
    },
    [mutate],
  );
  return { choose, pending, saved, isPending: mutation.isPending };
}
