import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <Loader2 aria-hidden="true" className={cn("size-8 animate-spin text-brand-700", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The route guard's loading state: a spinner in the middle of the page. */
export function CenteredSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/** A page or panel still loading: a spinner with what it waits for beside it, in words. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-3 text-slate-700">
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-700" />
      <span>{children}</span>
    </div>
  );
}
