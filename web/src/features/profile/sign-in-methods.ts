import { useQuery } from "@tanstack/react-query";
import type { SignInMethods } from "../../../../contracts/auth.ts";
import { getJson } from "../../lib/api.ts";

export const SIGN_IN_METHODS_KEY = ["/api/user/sign-in-methods"] as const;

/**
 * Whether the account has a password and a sign-in card (decision 027b). Until it is known (or if it
 * cannot be), screens assume a password, as every account had one before cards.
 */
export function useSignInMethods() {
  const query = useQuery<SignInMethods, Error>({
    queryKey: SIGN_IN_METHODS_KEY,
    queryFn: ({ signal }) => getJson<SignInMethods>(SIGN_IN_METHODS_KEY[0], { signal }),
    retry: false,
  });
  return { hasPassword: query.data?.hasPassword ?? true, hasCard: query.data?.hasCard ?? false, known: query.data !== undefined };
}
