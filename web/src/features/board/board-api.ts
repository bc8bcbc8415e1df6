import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { boardSchema, type Board } from "../../../../contracts/board.ts";
import { getJson, sendJson } from "../../lib/api.ts";
import { STAFF_ROOT } from "../staff/staff-api.ts";

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
    queryKey: [STAFF_ROOT, "board", query],
    queryFn: ({ signal }) => getJson(`${STAFF_ROOT}/board${query ? `?${query}` : ""}`, boardSchema, { signal }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** PATCH /api/staff/campers/:id { mediaRelease } (the roster's route): the board and show pages follow. */
export function useSetMediaRelease() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { camperId: number; mediaRelease: boolean }>({
    mutationFn: ({ camperId, mediaRelease }) => sendJson("PATCH", `${STAFF_ROOT}/campers/${camperId}`, { mediaRelease }, z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [STAFF_ROOT] }),
  });
}
