import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "flex min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base placeholder:text-slate-600 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-700",
        className,
      )}
      {...props}
    />
  );
}
