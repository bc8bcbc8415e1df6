import { useQuery } from "@tanstack/react-query";
import type { SignInMethods } from "../../../../contracts/auth.ts";
import { getJson } from "../../api/client.ts";
import { apiKeys } from "../../api/keys.ts";


/**
 * Whether the account has a password and a sign-in card (decision 027b). Until it is known (or if it
 * cannot be), screens assume a password, as every account had one before cards.
 */
export function useSignInMethods() {
  const query = useQuery<SignInMethods, Error>({
    queryKey: apiKeys.signInMethods,
    queryFn: ({ signal }) => getJson<SignInMethods>(apiKeys.signInMethods[0], { signal }),
    retry: false,
  });
  return { hasPassword: query.data?.hasPassword ?? true, hasCard: query.data?.hasCard ?? false, known: query.data !== undefined };
}
