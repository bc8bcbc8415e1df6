import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, MonitorSmartphone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { PASSWORD_RULES } from "../../../../contracts/auth-constants.ts";
import type { ChangePasswordBody, SignedOutOthers } from "../../../../contracts/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { ApiError, apiRequest, errorMessage, sendJson } from "../../api/client.ts";
import { PasswordField } from "../../components/auth/PasswordField.tsx";
import { useSignInMethods } from "./sign-in-methods.ts";
import { apiKeys } from "../../api/keys.ts";

type Field = "current" | "next" | "again";
interface Problem {
  field: Field | null;
  message: string;
}

/** Which field a refusal is about: a wrong password in use (403), a new one the rules refuse (400). */
function problemOf(error: unknown): Problem {
  const status = error instanceof ApiError ? error.status : 0;
  return { field: status === 403 ? "current" : status === 400 ? "next" : null, message: errorMessage(error) };
}

/**
 * A new password (the one in use typed first, so a borrowed laptop cannot take the account), and
 * signing out every other device. Changing the password signs the other devices out too. A camper who
 * signs in with a camp sign-in card and has no password adds one here, with nothing to type first.
 */
export function PasswordCard() {
  const queryClient = useQueryClient();
  const { hasPassword } = useSignInMethods();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);

  const change = useMutation<void, Error, ChangePasswordBody>({
    mutationFn: async (body) => {
      await apiRequest("PUT", "/api/user/password", body);
    },
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setAgain("");
      toast(
        hasPassword
          ? { title: "Password changed", description: "Use your new password next time you sign in. Your other devices are signed out." }
          : { title: "Password added", description: "You can sign in with your username and this password, or still with your card." },
      );
      void queryClient.invalidateQueries({ queryKey: apiKeys.signInMethods });
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  const signOutOthers = useMutation({
    mutationFn: () => sendJson<SignedOutOthers>("POST", "/api/user/sign-out-others", undefined),
    onSuccess: ({ endedSessions }) =>
      toast({
        title: endedSessions === 0 ? "No other devices were signed in" : `Signed out ${endedSessions} other device${endedSessions === 1 ? "" : "s"}`,
        description: "This device stays signed in.",
      }),
    onError: (error) => toast({ title: "Could not sign out other devices", description: errorMessage(error), variant: "destructive" }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && !current) return setProblem({ field: "current", message: "Please type the password you use now." });
    if (next.length < PASSWORD_RULES.min) return setProblem({ field: "next", message: `Your new password needs at least ${PASSWORD_RULES.min} characters.` });
    if (next !== again) return setProblem({ field: "again", message: "The two new passwords are not the same. Please type it again." });
    setProblem(null);
    change.mutate(hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next });
  };
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password and devices</CardTitle>
        <CardDescription>
          {hasPassword
            ? "Change your password, or sign out everywhere else, for example on a camp computer you used."
            : "You sign in with your camp sign-in card. Add a password if you want to sign in with your username too."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label={hasPassword ? "Change password" : "Add a password"}>
          {hasPassword && <PasswordField label="Password you use now" value={current} onChange={setCurrent} error={errorOf("current")} />}
          <PasswordField
            label="New password"
            value={next}
            onChange={setNext}
            error={errorOf("next")}
            hint={`At least ${PASSWORD_RULES.min} characters. A few words you can remember work well.`}
            autoComplete="new-password"
          />
          <PasswordField label="New password again" value={again} onChange={setAgain} error={errorOf("again")} autoComplete="new-password" />
          {problem && problem.field === null && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem.message}
            </p>
          )}
          <div>
            <Button type="submit" disabled={change.isPending}>
              <KeyRound aria-hidden="true" />
              {change.isPending ? (hasPassword ? "Changing..." : "Adding...") : hasPassword ? "Change password" : "Add a password"}
            </Button>
          </div>
        </form>
        <div className="grid justify-items-start gap-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">Signed in somewhere you no longer use? Sign out there without signing out here.</p>
          <Button type="button" variant="outline" onClick={() => signOutOthers.mutate()} disabled={signOutOthers.isPending}>
            <MonitorSmartphone aria-hidden="true" />
            {signOutOthers.isPending ? "Signing them out..." : "Sign other devices out"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
