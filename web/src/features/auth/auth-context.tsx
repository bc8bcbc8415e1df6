import { useMutation, useQuery, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import type { LoginBody, LoginCodeBody, PublicUser, RegisterBody } from "../../../../contracts/auth.ts";
import { CURRENT_USER_PATH } from "../../../../contracts/page-routes.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiRequest, errorMessage, getJsonOrNull, sendJson } from "../../lib/api.ts";

export const CURRENT_USER_KEY = [CURRENT_USER_PATH] as const;

interface AuthContextValue {
  user: PublicUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<PublicUser, Error, LoginBody>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterBody>;
  /** Sign-in with a card's code (decision 027b); its screens show a failure next to the field, so no toast. */
  codeLoginMutation: UseMutationResult<PublicUser, Error, LoginCodeBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A 401 here means "signed out", not an error.
  const { data, error, isLoading } = useQuery<PublicUser | null, Error>({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getJsonOrNull<PublicUser>(CURRENT_USER_KEY[0], { signal, nullOn: 401 }),
  });

  const loginMutation = useMutation<PublicUser, Error, LoginBody>({
    mutationFn: (credentials) => sendJson<PublicUser>("POST", "/api/login", credentials),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
    onError: (err) => toast({ title: "Login failed", description: errorMessage(err), variant: "destructive" }),
  });

  const registerMutation = useMutation<PublicUser, Error, RegisterBody>({
    mutationFn: (credentials) => sendJson<PublicUser>("POST", "/api/register", credentials),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
    onError: (err) => toast({ title: "Registration failed", description: errorMessage(err), variant: "destructive" }),
  });

  const codeLoginMutation = useMutation<PublicUser, Error, LoginCodeBody>({
    mutationFn: (body) => sendJson<PublicUser>("POST", "/api/login/code", body),
    onSuccess: (user) => {
      // A shared tablet: whatever the previous camper left in the cache goes.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("POST", "/api/logout");
    },
    onSuccess: () => {
      // Nothing of the previous camper may linger in this browser's cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
    onError: (err) => toast({ title: "Logout failed", description: errorMessage(err), variant: "destructive" }),
  });

  return (
    <AuthContext.Provider
      value={{ user: data ?? null, isLoading, error, loginMutation, registerMutation, codeLoginMutation, logoutMutation }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
