import { useEffect, useState } from "react";
import { currentToasts, watchToasts, type ToastData } from "../lib/toasts.ts";

/** The toasts to draw, kept in step with the store in lib/toasts.ts. */
export function useToasts(): ToastData[] {
  const [state, setState] = useState(currentToasts);
  useEffect(() => watchToasts(setState), []);
  return state;
}
