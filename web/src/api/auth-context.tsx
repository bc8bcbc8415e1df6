import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationResult } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import type { LoginBody, LoginCodeBody, PublicUser, RegisterBody } from "../../../contracts/auth.ts";
import { CURRENT_USER_PATH } from "../../../contracts/page-routes.ts";
import { toast } from "../lib/toasts.ts";
import { apiRequest, errorMessage, getJsonOrNull, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

/**
 * Another person (or nobody) is signed in on this device from now on: whatever the previous one left
 * in the cache goes, so nothing of them lingers on screen (a shared tablet, signing out, an account
 * deleted).
 */
export function switchUser(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_PATH });
  queryClient.setQueryData(apiKeys.currentUser, user);
}

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
    queryKey: apiKeys.currentUser,
    queryFn: ({ signal }) => getJsonOrNull<PublicUser>(CURRENT_USER_PATH, { signal, nullOn: 401 }),
  });

  const loginMutation = useMutation<PublicUser, Error, LoginBody>({
    mutationFn: (credentials) => sendJson<PublicUser>("POST", "/api/login", credentials),
    onSuccess: (user) => queryClient.setQueryData(apiKeys.currentUser, user),
    onError: (err) => toast({ title: "Login failed", description: errorMessage(err), variant: "destructive" }),
  });

  const registerMutation = useMutation<PublicUser, Error, RegisterBody>({
    mutationFn: (credentials) => sendJson<PublicUser>("POST", "/api/register", credentials),
    onSuccess: (user) => queryClient.setQueryData(apiKeys.currentUser, user),
    onError: (err) => toast({ title: "Registration failed", description: errorMessage(err), variant: "destructive" }),
  });

  const codeLoginMutation = useMutation<PublicUser, Error, LoginCodeBody>({
    mutationFn: (body) => sendJson<PublicUser>("POST", "/api/login/code", body),
    onSuccess: (user) => switchUser(queryClient, user),
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("POST", "/api/logout");
    },
    onSuccess: () => switchUser(queryClient, null),
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
