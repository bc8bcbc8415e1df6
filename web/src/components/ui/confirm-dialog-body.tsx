import { useState, type ComponentProps, type FormEvent, type ReactElement, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
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
 * (decision 029a). `initiallyOpen`: the trigger was pressed while this code was on its way.
 */

export function ConfirmDialogBody({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = "destructive",
  pendingLabel = confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  describeError,
  open: controlledOpen,
  onOpenChange,
  onCloseAutoFocus,
  initiallyOpen = false,
}: ConfirmDialogProps & { initiallyOpen?: boolean }) {
  const [ownOpen, setOwnOpen] = useState(initiallyOpen);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controlled = controlledOpen !== undefined;
  const open = controlled ? controlledOpen : ownOpen;

  const setOpen = (next: boolean) => {
    if (next) setError(null);
    if (!controlled) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const running = onConfirm();
    if (!running) {
      if (!controlled) setOpen(false);
      return;
    }
    setPending(true);
    void running.then(
      () => {
        setPending(false);
        if (!controlled || describeError) setOpen(false);
      },
      (failure: unknown) => {
        setPending(false);
        if (describeError) setError(describeError(failure));
        else if (!controlled) setOpen(false);
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
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
