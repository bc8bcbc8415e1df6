import { useState, type ComponentProps, type FormEvent, type ReactElement, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog.tsx";
import { Button } from "./button.tsx";

export interface ConfirmDialogProps {
  /** The button that opens the dialog; left out, only `open` does (the caller returns focus on close). */
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Fields the camper fills in before confirming (the password that deletes an account). */
  children?: ReactNode;
  confirmLabel: string;
  /** Red for what can't be undone (the default); "default" for a step on the way, like a password asked again. */
  confirmVariant?: "destructive" | "default";
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  /**
   * Runs on Confirm (the button, or Enter in a field). A returned promise keeps the dialog open, both
   * buttons disabled, until it settles; the caller reports its failure (a toast, an inline error).
   */
  onConfirm(): void | Promise<unknown>;
  /**
   * Given, a confirm whose promise fails keeps the dialog open with these words under its fields (the
   * server's reason), and one that succeeds closes it; the words go when the dialog opens again.
   */
  describeError?(error: unknown): string;
  /**
   * Given, the caller decides when the dialog closes (it stays open after Confirm, to show an error);
   * left out, the dialog closes once the confirmed action is done.
   */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>["onCloseAutoFocus"];
}

/**
 * The dialog itself, Radix's alert dialog underneath: loaded on first use through confirm-dialog.tsx
 * (decision 029a), which draws the trigger and holds whether the dialog is open. `closesItself`: no
 * caller decides when it closes, so it does once the confirmed action is done.
 */
export function ConfirmDialogBody({
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = "destructive",
  pendingLabel = confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  describeError,
  open,
  onOpenChange,
  onCloseAutoFocus,
  closesItself,
}: Omit<ConfirmDialogProps, "trigger" | "open" | "onOpenChange"> & { open: boolean; onOpenChange(open: boolean): void; closesItself: boolean }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The last failure's words go when the dialog opens again.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setError(null);
  }

  const close = () => onOpenChange(false);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const running = onConfirm();
    if (!running) {
      if (closesItself) close();
      return;
    }
    setPending(true);
    void running.then(
      () => {
        setPending(false);
        if (closesItself || describeError) close();
      },
      (failure: unknown) => {
        setPending(false);
        if (describeError) setError(describeError(failure));
        else if (closesItself) close();
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={confirm} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              {cancelLabel}
            </AlertDialogCancel>
            <Button type="submit" variant={confirmVariant} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
