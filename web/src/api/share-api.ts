import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedShare, ShareDays, ShareLink, ShowShares } from "../../../contracts/shares.ts";
import { getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

/** Whose routes a share card uses: the camper's own show, or staff for any camper's show. */
export type ShareActor = "camper" | "staff";

function routes(actor: ShareActor, showId: number) {
  return actor === "camper"
    ? { key: apiKeys.showShares(showId), list: `/api/recordings/${showId}/shares`, revoke: (id: number) => `/api/shares/${id}` }
    : { key: apiKeys.staffShowShares(showId), list: `/api/staff/shows/${showId}/shares`, revoke: (id: number) => `/api/staff/shares/${id}` };
}

export function useShowShares(actor: ShareActor, showId: number) {
  const r = routes(actor, showId);
  return useQuery<ShowShares, Error>({
    queryKey: r.key,
    queryFn: ({ signal }) => getJson<ShowShares>(r.list, { signal }),
    staleTime: 0,
  });
}

export function useCreateShare(actor: ShareActor, showId: number) {
  const queryClient = useQueryClient();
  const r = routes(actor, showId);
  return useMutation<CreatedShare, Error, { days: ShareDays }>({
    mutationFn: (body) => sendJson<CreatedShare>("POST", r.list, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}

export function useRevokeShare(actor: ShareActor, showId: number) {
  const queryClient = useQueryClient();
  const r = routes(actor, showId);
  return useMutation<ShareLink, Error, number>({
    mutationFn: (id) => sendJson<ShareLink>("DELETE", r.revoke(id), undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}
