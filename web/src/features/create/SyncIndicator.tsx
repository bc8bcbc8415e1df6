import { CheckCircle2, CloudOff, Loader2 } from "lucide-react";
import type { AutosaveStatus } from "../../lib/autosave-engine.ts";
import { cn } from "../../lib/utils.ts";

export function syncStatusText(status: AutosaveStatus, failure: string | null, hasShow: boolean): string {
  switch (status) {
    case "pending":
    case "saving":
    case "retrying":
      return "Saving...";
    case "saved":
      return "All changes saved";
    case "failed":
      return `Not saved: ${failure ?? "please try again"}`;
    default:
      return hasShow ? "All changes saved" : "Answers are kept on this device until your story is saved";
  }
}

/** Whether the story's changes reached the server (the Create screen saves by itself). */
export function SyncIndicator({ status, failure, hasShow }: { status: AutosaveStatus; failure: string | null; hasShow: boolean }) {
  const busy = status === "pending" || status === "saving" || status === "retrying";
  const Icon = busy ? Loader2 : status === "failed" ? CloudOff : CheckCircle2;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="story-save-status"
      data-state={status}
      // min-w-0 and max-w-full: on a 320 px phone the sentence wraps inside the row instead of widening it.
      className={cn("flex min-w-0 max-w-full items-center gap-1.5 text-sm font-medium", status === "failed" ? "text-red-800" : "text-slate-700")}
    >
      {(hasShow || status !== "idle") && <Icon aria-hidden="true" className={cn("size-4 shrink-0", busy && "animate-spin")} />}
      <span className="min-w-0">{syncStatusText(status, failure, hasShow)}</span>
    </p>
  );
}
