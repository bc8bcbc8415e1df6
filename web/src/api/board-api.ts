import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Board } from "../../../contracts/board.ts";
import type { Cabin, StaffCamper } from "../../../contracts/roster.ts";
import { apiRequest, getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { STAFF_ROOT } from "./staff-api.ts";

export interface BoardFilters {
  cabin?: number;
  session?: number;
}

export function useBoard(filters: BoardFilters) {
  const params = new URLSearchParams();
  if (filters.cabin) params.set("cabin", String(filters.cabin));
  if (filters.session) params.set("session", String(filters.session));
  const query = params.toString();
  return useQuery<Board, Error>({
    queryKey: apiKeys.staffBoard(query),
    queryFn: ({ signal }) => getJson<Board>(`${STAFF_ROOT}/board${query ? `?${query}` : ""}`, { signal }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** PATCH /api/staff/campers/:id { mediaRelease } (the roster's route): the board and show pages follow. */
export function useSetMediaRelease() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { camperId: number; mediaRelease: boolean }>({
    mutationFn: ({ camperId, mediaRelease }) => sendJson<unknown>("PATCH", `${STAFF_ROOT}/campers/${camperId}`, { mediaRelease }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffRoot }),
  });
}

/** GET /api/staff/cabins: the cabins the caller reaches (a counselor: their own), with how many campers each has. */
export function useStaffCabins() {
  return useQuery<Cabin[], Error>({
    queryKey: apiKeys.staffCabins,
    queryFn: ({ signal }) => getJson<Cabin[]>(`${STAFF_ROOT}/cabins`, { signal }),
    staleTime: 0,
  });
}

/** PUT /api/staff/campers/:id/password: the camper may then sign in with their username too (their card keeps working). */
export function useSetCamperPassword(camperId: number) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    // 204, no body: apiRequest, not sendJson (which reads JSON).
    mutationFn: async (password) => {
      await apiRequest("PUT", `${STAFF_ROOT}/campers/${camperId}/password`, { password });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffAudit }),
  });
}

/**
 * PATCH /api/staff/campers/:id { cabin, session } (the director): a new cabin or session may appear, so
 * every staff query (the board, cabins, sessions) refetches.
 */
export function usePlaceCamper(camperId: number) {
  const queryClient = useQueryClient();
  return useMutation<StaffCamper, Error, { cabin: string; session: string | null }>({
    mutationFn: (body) => sendJson<StaffCamper>("PATCH", `${STAFF_ROOT}/campers/${camperId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffRoot }),
  });
}
