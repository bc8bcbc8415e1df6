import { CheckCircle2, CloudOff, Loader2 } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import { saveStatusText, type SaveStatus } from "./save-status.ts";

/** Whether the editor's changes reached the server (they save by themselves). */
export function SaveIndicator({ status, failure }: { status: SaveStatus; failure: string | null }) {
  const Icon =
    status === "saving" ? Loader2 : status === "saved" ? CheckCircle2 : status === "idle" ? null : CloudOff;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={status}
      className={cn(
        "flex min-h-6 items-center gap-1.5 text-sm font-medium",
        status === "retrying" || status === "failed" ? "text-red-800" : "text-slate-700",
      )}
    >
      {Icon && <Icon aria-hidden="true" className={cn("size-4 shrink-0", status === "saving" && "animate-spin")} />}
      {saveStatusText(status, failure)}
    </p>
  );
}
