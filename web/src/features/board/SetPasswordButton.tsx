import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PASSWORD_RULES } from "../../../../contracts/auth-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { PasswordField } from "../../components/auth/PasswordField.tsx";
import { useSetCamperPassword } from "../../api/board-api.ts";
import { cardAction } from "./card-action.ts";

/**
 * "Set a password" on a camper's board card, for a camper who wants to sign in with their username too.
 * The server's refusal (too short, too common) stays in the dialog beside the field; the card keeps working.
 */
export function SetPasswordButton({ camperId, name, username }: { camperId: number; name: string; username: string }) {
  const setPassword = useSetCamperPassword(camperId);
  const [open, setOpen] = useState(false);
  const [password, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    // The length rule is checked here too, so the common slip needs no round trip; the server checks everything.
    if (password.length < PASSWORD_RULES.min) {
      setProblem(`The password needs at least ${PASSWORD_RULES.min} characters.`);
      return;
    }
    return setPassword.mutateAsync(password).then(
      () => {
        setOpen(false);
        toast({
          title: `${name} has a password`,
          description: `${name} can now sign in with their username ${username} and that password. Their sign-in card keeps working.`,
        });
      },
      (err: unknown) => setProblem(errorMessage(err)),
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setValue("");
        setProblem(null);
      }}
      trigger={
        <Button type="button" variant="outline" className={cardAction}>
          <KeyRound aria-hidden="true" />
          Set a password for {name}
        </Button>
      }
      title={`Set a password for ${name}`}
      description={`${name} will sign in with the username ${username} and this password, or with their card as before. They are signed out on every device now (their work is saved).`}
      confirmLabel="Set the password"
      confirmVariant="default"
      pendingLabel="Setting the password..."
      onConfirm={submit}
    >
      <PasswordField
        label={`New password for ${name}`}
        value={password}
        onChange={setValue}
        error={problem}
        hint={`At least ${PASSWORD_RULES.min} characters, and not one lots of people use. A few words ${name} will remember work well.`}
        autoComplete="new-password"
      />
    </ConfirmDialog>
  );
}
