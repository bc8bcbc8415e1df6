import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { KeepPersonalDetailBody, PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import type { ShowReview } from "../../../contracts/reviews.ts";
import { getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

export function useShowReview(showId: number) {
  return useQuery<ShowReview, Error>({
    queryKey: apiKeys.showReview(showId),
    queryFn: ({ signal }) => getJson<ShowReview>(`/api/recordings/${showId}/review`, { signal }),
    staleTime: 0,
  });
}

export function useSubmitForReview(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShowReview, Error, { message?: string }>({
    mutationFn: (body) => sendJson<ShowReview>("POST", `/api/recordings/${showId}/review`, body),
    onSuccess: (review) => queryClient.setQueryData(apiKeys.showReview(showId), review),
  });
}

/** The personal-details check of the camper's show (title, script, the newest video's captions). */
export function usePersonalDetails(showId: number, enabled = true) {
  return useQuery<PersonalDetailsCheck, Error>({
    queryKey: apiKeys.personalDetails(showId),
    queryFn: ({ signal }) => getJson<PersonalDetailsCheck>(`/api/recordings/${showId}/personal-details`, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** "It's OK to share" (keep) or taking it back (unkeep) for one flagged phrase. */
export function useKeepPersonalDetail(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<PersonalDetailsCheck, Error, KeepPersonalDetailBody & { keep: boolean }>({
    mutationFn: ({ keep, ...body }) =>
      sendJson<PersonalDetailsCheck>("POST", `/api/recordings/${showId}/personal-details/${keep ? "keep" : "unkeep"}`, body),
    onSuccess: (check) => queryClient.setQueryData(apiKeys.personalDetails(showId), check),
  });
}
