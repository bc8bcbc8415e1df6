import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateReelBody, Reel, ReelCandidate, ReelChoices, ReelShares } from "../../../contracts/reels.ts";
import type { CreatedShare, ShareDays, ShareLink } from "../../../contracts/shares.ts";
import { apiRequest, getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

const ROOT = "/api/staff/reels";


/** A cabin or a session, as the picker's select says it: "cabin:3" or "session:2". */
export type GroupKey = `cabin:${number}` | `session:${number}`;

export function groupQuery(group: GroupKey): { cabinId?: number; sessionId?: number } {
  const [kind, id] = group.split(":") as ["cabin" | "session", string];
  return kind === "cabin" ? { cabinId: Number(id) } : { sessionId: Number(id) };
}

export function useReelChoices() {
  return useQuery<ReelChoices, Error>({
    queryKey: apiKeys.reelChoices,
    queryFn: ({ signal }) => getJson<ReelChoices>(`${ROOT}/choices`, { signal }),
    staleTime: 0,
  });
}

export function useReelCandidates(group: GroupKey | "") {
  return useQuery<ReelCandidate[], Error>({
    queryKey: apiKeys.reelCandidates(group),
    queryFn: ({ signal }) => {
      const q = groupQuery(group as GroupKey);
      const params = q.cabinId !== undefined ? `cabinId=${q.cabinId}` : `sessionId=${q.sessionId}`;
      return getJson<ReelCandidate[]>(`${ROOT}/candidates?${params}`, { signal });
    },
    enabled: group !== "",
    staleTime: 0,
  });
}

const working = (reel: Reel) => reel.status === "queued" || reel.status === "running";

/** The reels the caller reaches; asked again every 2 s while one is being made (its progress). */
export function useReels() {
  return useQuery<Reel[], Error>({
    queryKey: apiKeys.reels,
    queryFn: ({ signal }) => getJson<Reel[]>(ROOT, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(working) ? 2000 : false),
  });
}

export function useMakeReel() {
  const queryClient = useQueryClient();
  return useMutation<Reel, Error, CreateReelBody>({
    mutationFn: (body) => sendJson<Reel>("POST", ROOT, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.reelsRoot }),
  });
}

export function useDeleteReel() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `${ROOT}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.reelsRoot }),
  });
}

export function useReelShares(id: number, enabled: boolean) {
  return useQuery<ReelShares, Error>({
    queryKey: apiKeys.reelShares(id),
    queryFn: ({ signal }) => getJson<ReelShares>(`${ROOT}/${id}/shares`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useShareReel(id: number) {
  const queryClient = useQueryClient();
  return useMutation<CreatedShare, Error, ShareDays>({
    mutationFn: (days) => sendJson<CreatedShare>("POST", `${ROOT}/${id}/shares`, { days }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.reelShares(id) }),
  });
}

export function useRevokeReelShare(id: number) {
  const queryClient = useQueryClient();
  return useMutation<ShareLink, Error, number>({
    mutationFn: (shareId) => sendJson<ShareLink>("DELETE", `${ROOT}/${id}/shares/${shareId}`, undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.reelShares(id) }),
  });
}

/** The closing-night zip of a cabin's approved videos (a plain download link). */
export const cabinZipUrl = (cabinId: number) => `/api/staff/cabins/${cabinId}/approved.zip`;
