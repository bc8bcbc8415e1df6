import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInCard, ReissuedCard, CabinCards } from "../../../contracts/cards.ts";
import { sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

const STAFF_ROOT = "/api/staff";

/** A new card for one camper; the old code stops working at once (the audit log gains an entry). */
export function useReissueCard(camperId: number) {
  const queryClient = useQueryClient();
  return useMutation<SignInCard, Error, void>({
    mutationFn: async () => (await sendJson<ReissuedCard>("POST", `${STAFF_ROOT}/campers/${camperId}/card`, undefined)).card,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffAudit }),
  });
}

/** New cards for every camper of a cabin, for its printed sheet. */
export function useCabinCards(cabinId: string) {
  const queryClient = useQueryClient();
  return useMutation<SignInCard[], Error, void>({
    mutationFn: async () => (await sendJson<CabinCards>("POST", `${STAFF_ROOT}/cabins/${cabinId}/cards`, undefined)).cards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.staffAudit }),
  });
}
