import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showReviewSchema, type ShowReview } from "../../../../contracts/reviews.ts";
import { apiKeys, getJson, sendJson } from "../../lib/api.ts";

export function useShowReview(showId: number) {
  return useQuery<ShowReview, Error>({
    queryKey: apiKeys.showReview(showId),
    queryFn: ({ signal }) => getJson(`/api/recordings/${showId}/review`, showReviewSchema, { signal }),
    staleTime: 0,
  });
}

export function useSubmitForReview(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShowReview, Error, { message?: string }>({
    mutationFn: (body) => sendJson("POST", `/api/recordings/${showId}/review`, body, showReviewSchema),
    onSuccess: (review) => queryClient.setQueryData(apiKeys.showReview(showId), review),
  });
}
