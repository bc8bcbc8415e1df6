import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateStaffBody, StaffAccount, UpdateStaffBody } from "../../../contracts/staff-team.ts";
import { apiRequest, getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";


export function useStaffAccounts() {
  return useQuery<StaffAccount[], Error>({
    queryKey: apiKeys.staffAccounts,
    queryFn: ({ signal }) => getJson<StaffAccount[]>("/api/staff/accounts", { signal }),
    staleTime: 0,
  });
}

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation<StaffAccount, Error, CreateStaffBody>({
    mutationFn: (body) => sendJson<StaffAccount>("POST", "/api/staff/accounts", body),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffAccounts }),
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation<StaffAccount, Error, { id: number; body: UpdateStaffBody }>({
    mutationFn: ({ id, body }) => sendJson<StaffAccount>("PATCH", `/api/staff/accounts/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffAccounts }),
  });
}

export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: (id) => apiRequest("DELETE", `/api/staff/accounts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffAccounts }),
  });
}

/** "Pines, Cedars" as the cabins list the API takes. */
export const cabinsFromText = (text: string) =>
  text
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
