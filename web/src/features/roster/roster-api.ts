import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampSession, RosterResult } from "../../../../contracts/roster.ts";
import { getJson, readAnswer, sendJson, throwIfNotOk } from "../../lib/api.ts";

const STAFF_ROOT = "/api/staff";

/** POST /api/staff/roster: the CSV as it is, text/csv (the server reads the header). */
export async function importRoster(csv: string): Promise<RosterResult> {
  const url = `${STAFF_ROOT}/roster`;
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "text/csv" }, body: csv, credentials: "include" });
  await throwIfNotOk(response);
  return readAnswer<RosterResult>(response, url);
}

export function useImportRoster() {
  const client = useQueryClient();
  return useMutation<RosterResult, Error, string>({
    mutationFn: importRoster,
    // New campers, cabins and sessions show on every staff page.
    onSuccess: () => client.invalidateQueries({ queryKey: [STAFF_ROOT] }),
  });
}

export function useCampSessions() {
  return useQuery<CampSession[], Error>({
    queryKey: [STAFF_ROOT, "camp-sessions"],
    queryFn: ({ signal }) => getJson<CampSession[]>(`${STAFF_ROOT}/camp-sessions`, { signal }),
    staleTime: 0,
  });
}

export function useDeleteCampSession() {
  const client = useQueryClient();
  return useMutation<CampSession, Error, number>({
    mutationFn: (id) => sendJson<CampSession>("DELETE", `${STAFF_ROOT}/camp-sessions/${id}`, undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: [STAFF_ROOT, "camp-sessions"] }),
  });
}
