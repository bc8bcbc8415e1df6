import { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement } from "react";
import { announceError } from "../../lib/announce.ts";
import { lazyModule, useLazyModule } from "../../lib/lazy-module.ts";
import type { ConfirmDialogProps } from "./confirm-dialog-body.tsx";

/**
 * The dialog's code (Radix's alert dialog, about 8 KB): fetched when a dialog is first about to open,
 * not with every screen that has a delete button (decision 029a).
 */
export const confirmDialogCode = lazyModule(() => import("./confirm-dialog-body.tsx"));

/**
 * The alert dialog's look, here beside the part of a dialog every screen with one loads (its trigger)
 * rather than with Radix (alert-dialog.tsx), so the idle warning can draw the same dialog while Radix's
 * code could not be fetched. (A module of its own would be one more tiny chunk on every camper screen.)
 */
export const alertDialogClasses = {
  overlay: "fixed inset-0 z-50 bg-slate-950/60",
  content:
    "fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-lg",
  header: "flex flex-col gap-2 text-left",
  footer: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
  title: "text-lg font-semibold",
  description: "text-sm text-slate-700",
} as const;

/** Said when the dialog's code could not be fetched; pressing the button again tries again. */
export const DIALOG_UNAVAILABLE = "This could not open: the connection dropped. Check the Wi-Fi and try again.";

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: unknown) => void;
};

/**
 * The one confirmation for actions that can't be undone, built on the accessible alert dialog (see
 * confirm-dialog-body.tsx for what it does). Pointing at the trigger or focusing it starts the download
 * of the dialog's code; pressing it opens the dialog as soon as the code is in (and says so if it cannot
 * come); a dialog opened through `open` waits for it the same way. Once loaded, every dialog opens at once.
 *
 * The trigger is drawn here, the same element before and after the code arrives: when the code landed
 * between a press's pointer-down and pointer-up and the trigger was drawn anew by the dialog, the press
 * fell between two elements and the dialog never opened.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, open: callerOpen, onOpenChange, onCloseAutoFocus } = props;
  const [ownOpen, setOwnOpen] = useState(false);
  const controlled = callerOpen !== undefined;
  const open = controlled ? callerOpen : ownOpen;
  const setOpen = (next: boolean) => {
    if (!controlled) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const { module, failed, retry } = useLazyModule(confirmDialogCode, open);
  const triggerElement = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!failed || !open) return;
    announceError(DIALOG_UNAVAILABLE);
    // Not left open: code fetched later for another dialog must not open this one out of the blue.
    if (!controlled) setOwnOpen(false);
  }, [failed, open, controlled]);

  const own = trigger?.props as TriggerProps | undefined;
  const preload = () => void confirmDialogCode.load().catch(() => {});
  return (
    <>
      {trigger &&
        cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
          ref: triggerElement,
          "aria-haspopup": "dialog",
          "aria-expanded": open && module !== undefined,
          "aria-busy": open && !module && !failed ? true : undefined,
          onPointerEnter: (event: MouseEvent<HTMLElement>) => {
            own?.onPointerEnter?.(event);
            preload();
          },
          onFocus: (event: unknown) => {
            own?.onFocus?.(event);
            preload();
          },
          onClick: (event: MouseEvent<HTMLElement>) => {
            own?.onClick?.(event);
            if (event.defaultPrevented) return;
            if (failed) retry();
            setOpen(true);
          },
        })}
      {module && (
        <module.ConfirmDialogBody
          {...props}
          open={open}
          onOpenChange={setOpen}
          closesItself={!controlled}
          // Focus goes back to the button pressed (Radix would look for a trigger of its own).
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented || !triggerElement.current?.isConnected) return;
            event.preventDefault();
            triggerElement.current.focus();
          }}
        />
      )}
    </>
  );
}
