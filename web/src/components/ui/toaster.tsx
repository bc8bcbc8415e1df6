import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { TOAST } from "../../../../contracts/product.ts";
import { dismissToast } from "../../lib/toasts.ts";
import { useToasts } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";

/**
 * Renders the toast store. Radix gives the region its F8 hotkey and swipe-to-dismiss.
 * Routine confirmations are read politely ("background"); only failures interrupt ("foreground").
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST.durationMs}
      swipeDirection={TOAST.swipeDirection}
      swipeThreshold={TOAST.swipeThreshold}
    >
      {toasts.map(({ id, title, description, variant, open, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(next) => !next && dismissToast(id)}
          className={cn(
            "pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-14 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0",
            variant === "destructive" ? "border-red-900 bg-red-800 text-white" : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-1 top-1 flex size-11 items-center justify-center rounded-md hover:bg-black/10"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
