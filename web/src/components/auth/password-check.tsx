import { useRef, useState, type ReactElement, type RefObject } from "react";
import { AUTH_MESSAGES } from "../../../../contracts/auth-constants.ts";
import type { StaffReauth } from "../../../../contracts/auth.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { ApiError, errorMessage, sendJson } from "../../api/client.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { PasswordField } from "./PasswordField.tsx";

/**
 * The server holds a staff session's password as freshly typed for a few minutes (POST
 * /api/staff/reauth); this page remembers until when, for whom, so it asks only when the server
 * would. Half a minute is kept in hand for this device's clock and the request's way there.
 */
let confirmed: { userId: number; until: number } | null = null;

const freshFor = (userId: number | undefined) => confirmed !== null && confirmed.userId === userId && Date.now() < confirmed.until;

/** The server's refusal for want of the password typed again (it was longer ago than this page thought). */
export const needsPassword = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === AUTH_MESSAGES.passwordAgain;

/** For tests: the page has not confirmed the password. */
export function forgetPasswordCheck() {
  confirmed = null;
}

/** Types the password again on the server; throws the server's refusal (a wrong password, a wait). */
export async function confirmPassword(userId: number, password: string): Promise<void> {
  const { confirmedForSeconds } = await sendJson<StaffReauth>("POST", "/api/staff/reauth", { password });
  confirmed = { userId, until: Date.now() + Math.max(0, confirmedForSeconds - 30) * 1000 };
}

/**
 * Asks a staff member for their password before an action that needs it fresh (a camper's data
 * downloaded, the retention rule changed): `whenConfirmed(action)` runs it at once while the password
 * is fresh, else after the dialog it renders (`dialog`, placed once in the page) has confirmed it.
 */
export function usePasswordCheck(): { fresh(): boolean; whenConfirmed(action: () => void): void; retry(action: () => void): void; dialog: ReactElement } {
  const { user } = useAuth();
  const [pending, setPending] = useState<{ action: () => void } | null>(null);
  // The dialog has no trigger of its own: focus goes back to what opened it (a link, a button).
  const returnFocus = useRef<HTMLElement | null>(null);
  const ask = (action: () => void) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPending({ action });
  };
  const whenConfirmed = (action: () => void) => (freshFor(user?.id) ? action() : ask(action));
  return {
    fresh: () => freshFor(user?.id),
    whenConfirmed,
    // The server asked for the password after all: ask, then try again.
    retry: (action) => {
      confirmed = null;
      ask(action);
    },
    dialog: (
      <PasswordDialog
        open={pending !== null}
        returnFocus={returnFocus}
        onCancel={() => setPending(null)}
        onConfirmed={() => {
          setPending(null);
          pending?.action();
        }}
      />
    ),
  };
}

interface PasswordDialogProps {
  open: boolean;
  returnFocus: RefObject<HTMLElement | null>;
  onCancel(): void;
  onConfirmed(): void;
}

function PasswordDialog({ open, returnFocus, onCancel, onConfirmed }: PasswordDialogProps) {
  const { user } = useAuth();
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPassword("");
    setProblem(null);
  };
  const submit = async () => {
    if (!password) return setProblem("Please type your password.");
    if (!user) return;
    try {
      await confirmPassword(user.id, password);
      close();
      onConfirmed();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        close();
        onCancel();
      }}
      onCloseAutoFocus={(event) => {
        const element = returnFocus.current;
        if (!element?.isConnected) return;
        event.preventDefault();
        element.focus();
      }}
      title="Type your password again"
      description="Before a camper's data is downloaded or the retention rule changes, staff confirm it is really them. It stays confirmed for a few minutes."
      confirmLabel="Continue"
      confirmVariant="default"
      pendingLabel="Checking..."
      onConfirm={submit}
    >
      <PasswordField label="Your password" value={password} onChange={setPassword} error={problem} />
    </ConfirmDialog>
  );
}
