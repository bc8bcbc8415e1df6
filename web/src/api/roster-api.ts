import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampSession, RosterResult } from "../../../contracts/roster.ts";
import { getJson, sendJson, sendText } from "./client.ts";
import { apiKeys } from "./keys.ts";

const STAFF_ROOT = "/api/staff";

/** POST /api/staff/roster: the CSV as it is, text/csv (the server reads the header). */
export function importRoster(csv: string): Promise<RosterResult> {
  return sendText<RosterResult>(`${STAFF_ROOT}/roster`, csv, "text/csv");
}

export function useImportRoster() {
  const client = useQueryClient();
  return useMutation<RosterResult, Error, string>({
    mutationFn: importRoster,
    // New campers, cabins and sessions show on every staff page.
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffRoot }),
  });
}

export function useCampSessions() {
  return useQuery<CampSession[], Error>({
    queryKey: apiKeys.campSessions,
    queryFn: ({ signal }) => getJson<CampSession[]>(`${STAFF_ROOT}/camp-sessions`, { signal }),
    staleTime: 0,
  });
}

export function useDeleteCampSession() {
  const client = useQueryClient();
  return useMutation<CampSession, Error, number>({
    mutationFn: (id) => sendJson<CampSession>("DELETE", `${STAFF_ROOT}/camp-sessions/${id}`, undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.campSessions }),
  });
}
