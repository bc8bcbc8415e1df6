import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  auditEntrySchema,
  showReviewSchema,
  staffShowDetailSchema,
  staffShowItemSchema,
  type AuditEntry,
  type ReviewState,
  type ShowReview,
  type StaffDecisionBody,
  type StaffShowDetail,
  type StaffShowItem,
} from "../../../../contracts/reviews.ts";
import { getJson, sendJson } from "../../lib/api.ts";

export const STAFF_ROOT = "/api/staff";

export function useStaffShows(filters: { state?: ReviewState; q?: string }) {
  const params = new URLSearchParams();
  if (filters.state) params.set("state", filters.state);
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  const query = params.toString();
  return useQuery<StaffShowItem[], Error>({
    queryKey: [STAFF_ROOT, "shows", query],
    queryFn: ({ signal }) => getJson(`${STAFF_ROOT}/shows${query ? `?${query}` : ""}`, z.array(staffShowItemSchema), { signal }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

export function useStaffShow(showId: string) {
  return useQuery<StaffShowDetail, Error>({
    queryKey: [STAFF_ROOT, "show", showId],
    queryFn: ({ signal }) => getJson(`${STAFF_ROOT}/shows/${showId}`, staffShowDetailSchema, { signal }),
    staleTime: 0,
  });
}

export function useStaffDecision(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShowReview, Error, StaffDecisionBody>({
    mutationFn: (body) => sendJson("POST", `${STAFF_ROOT}/shows/${showId}/review`, body, showReviewSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [STAFF_ROOT] }),
  });
}

export function useAuditLog() {
  return useQuery<AuditEntry[], Error>({
    queryKey: [STAFF_ROOT, "audit"],
    queryFn: ({ signal }) => getJson(`${STAFF_ROOT}/audit`, z.array(auditEntrySchema), { signal }),
    staleTime: 0,
  });
}
