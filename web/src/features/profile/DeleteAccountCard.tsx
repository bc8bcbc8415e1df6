import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { apiRequest, errorMessage } from "../../api/client.ts";
import { switchUser } from "../../api/auth-context.tsx";
import { PasswordField } from "../../components/auth/PasswordField.tsx";
import { useSignInMethods } from "./sign-in-methods.ts";

/**
 * Deleting everything is one form away, behind the password so a borrowed laptop can't do it. A camper
 * who signs in by card only types their card's code instead.
 */
export function DeleteAccountCard() {
  const { hasPassword } = useSignInMethods();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const deleteAccount = useMutation<void, Error, string>({
    mutationFn: async (pw) => {
      await apiRequest("DELETE", "/api/user", hasPassword ? { password: pw } : { code: pw });
    },
    onSuccess: () => {
      // Nothing of this camper stays on the device either.
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith("ss:"))
        .forEach((key) => window.localStorage.removeItem(key));
      switchUser(queryClient, null);
      setOpen(false);
      navigate("/", { replace: true });
      toast({ title: "Account deleted", description: "Your account, shows and media are gone for good." });
    },
    onError: (err) => setError(errorMessage(err)),
  });

  function confirm() {
    if (!password) {
      setError(hasPassword ? "Please enter your password." : "Please enter the code on your sign-in card.");
      return;
    }
    setError(null);
    return deleteAccount.mutateAsync(password);
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>Delete my account</CardTitle>
        <CardDescription>
          This deletes your account, every show, clip and voice sample, for good. Download anything you want to keep first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setPassword("");
              setError(null);
            }
          }}
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          }
          title="Delete your account?"
          description={`Everything you made in Summer Stories will be deleted. This can't be undone. Type your ${hasPassword ? "password" : "sign-in card's code"} to confirm.`}
          confirmLabel="Delete everything"
          pendingLabel="Deleting..."
          onConfirm={confirm}
        >
          <PasswordField label={hasPassword ? "Password" : "Code on your sign-in card"} value={password} onChange={setPassword} error={error} />
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
