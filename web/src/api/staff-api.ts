import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuditEntry, ReviewState, ShowReview, StaffDecisionBody, StaffShowDetail, StaffShowItem } from "../../../contracts/reviews.ts";
import { getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

export const STAFF_ROOT = "/api/staff";

export function useStaffShows(filters: { state?: ReviewState; q?: string }) {
  const params = new URLSearchParams();
  if (filters.state) params.set("state", filters.state);
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  const query = params.toString();
  return useQuery<StaffShowItem[], Error>({
    queryKey: apiKeys.staffShows(query),
    queryFn: ({ signal }) => getJson<StaffShowItem[]>(`${STAFF_ROOT}/shows${query ? `?${query}` : ""}`, { signal }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

export function useStaffShow(showId: string) {
  return useQuery<StaffShowDetail, Error>({
    queryKey: apiKeys.staffShow(showId),
    queryFn: ({ signal }) => getJson<StaffShowDetail>(`${STAFF_ROOT}/shows/${showId}`, { signal }),
    staleTime: 0,
  });
}

export function useStaffDecision(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShowReview, Error, StaffDecisionBody>({
    mutationFn: (body) => sendJson<ShowReview>("POST", `${STAFF_ROOT}/shows/${showId}/review`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffRoot }),
  });
}

export function useAuditLog() {
  return useQuery<AuditEntry[], Error>({
    queryKey: apiKeys.staffAudit,
    queryFn: ({ signal }) => getJson<AuditEntry[]>(`${STAFF_ROOT}/audit`, { signal }),
    staleTime: 0,
  });
}
