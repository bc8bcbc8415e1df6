import { useEffect, useId, useRef, type ReactNode } from "react";
import { alertDialogClasses } from "../../components/ui/confirm-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { lazyModule, useLazyModule } from "../../lib/lazy-module.ts";

/**
 * The alert dialog's code (Radix, about 8 KB), fetched well before the warning is due (IdleWatch asks
 * once half the idle time has passed) rather than with every camper screen (decision 029a).
 */
export const alertDialogCode = lazyModule(() => import("../../components/ui/alert-dialog.tsx"));

/** A failed download of the dialog's code is tried again this often while the warning may be needed (or shows). */
export const DIALOG_RETRY_MS = 5000;

interface StillThereProps {
  open: boolean;
  secondsLeft: number;
  onStillHere: () => void;
}

/** How each of the warning's pieces is drawn: by Radix's parts, or as plain elements (the fallback). */
interface Parts {
  title: (text: ReactNode) => ReactNode;
  description: (text: ReactNode) => ReactNode;
  stillHere: (label: ReactNode) => ReactNode;
}

/** The warning's words and layout, the same in the Radix dialog and in the fallback. */
function Warning({ parts, secondsLeft }: { parts: Parts; secondsLeft: number }) {
  return (
    <>
      <div className={alertDialogClasses.header}>
        {parts.title("Still there?")}
        {parts.description(<>You&apos;ll be signed out in {secondsLeft} seconds to keep your work safe on this shared device.</>)}
      </div>
      <div className={alertDialogClasses.footer}>{parts.stillHere(<>I&apos;m still here</>)}</div>
    </>
  );
}

/**
 * "Still there?" a minute before the idle sign-out. In the accessible alert dialog once its code is
 * here; while it is not (it could not be fetched: the Wi-Fi dropped), the same warning as a plain
 * alert dialog that takes the focus and answers Escape, so the camper is warned and heard either way.
 */
export function StillThereDialog({ open, secondsLeft, onStillHere }: StillThereProps) {
  const { module, failed, retry } = useLazyModule(alertDialogCode, open);
  useEffect(() => {
    if (!failed || !open) return;
    const timer = setTimeout(retry, DIALOG_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed, open, retry]);

  if (module) {
    const { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } = module;
    const parts: Parts = {
      title: (text) => <AlertDialogTitle>{text}</AlertDialogTitle>,
      description: (text) => <AlertDialogDescription>{text}</AlertDialogDescription>,
      stillHere: (label) => (
        <AlertDialogCancel variant="default" onClick={onStillHere}>
          {label}
        </AlertDialogCancel>
      ),
    };
    return (
      <AlertDialog open={open} onOpenChange={(next) => !next && onStillHere()}>
        <AlertDialogContent>
          <Warning parts={parts} secondsLeft={secondsLeft} />
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  return open ? <FallbackWarning secondsLeft={secondsLeft} onStillHere={onStillHere} /> : null;
}

function FallbackWarning({ secondsLeft, onStillHere }: { secondsLeft: number; onStillHere: () => void }) {
  const ids = { title: useId(), description: useId() };
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus in the dialog is what makes a screen reader read it out, as Radix does.
    box.current?.querySelector("button")?.focus();
  }, []);
  const parts: Parts = {
    title: (text) => (
      <h2 id={ids.title} className={alertDialogClasses.title}>
        {text}
      </h2>
    ),
    description: (text) => (
      <p id={ids.description} className={alertDialogClasses.description}>
        {text}
      </p>
    ),
    stillHere: (label) => (
      <Button variant="default" onClick={onStillHere}>
        {label}
      </Button>
    ),
  };
  return (
    <>
      <div className={alertDialogClasses.overlay} />
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
        onKeyDown={(event) => event.key === "Escape" && onStillHere()}
        className={alertDialogClasses.content}
      >
        <Warning parts={parts} secondsLeft={secondsLeft} />
      </div>
    </>
  );
}
