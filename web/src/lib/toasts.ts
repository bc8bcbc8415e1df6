import type { ReactNode } from "react";
import { TOAST } from "../../../contracts/product.ts";

/**
 * A small toast store outside React, so any layer (a mutation's onError in the data layer, say) can
 * raise one; the one Toaster (components/ui/toaster.tsx) draws them through hooks/use-toast.
 * One toast visible at a time, so a new message replaces the old instead of stacking; a dismissed toast
 * is removed after a long delay so its exit animation and screen-reader announcement are never cut short.
 */
export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  open: boolean;
  duration?: number;
}

type ToastInput = Omit<ToastData, "id" | "open">;

type Listener = (toasts: ToastData[]) => void;
let toasts: ToastData[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST.removeDelayMs),
  );
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  toasts.filter((t) => id === undefined || t.id === id).forEach((t) => scheduleRemoval(t.id));
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST.limit));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** The toasts now. */
export const currentToasts = (): ToastData[] => toasts;

/** Each change of the toasts (for the Toaster); returns the unsubscribe. */
export function watchToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
