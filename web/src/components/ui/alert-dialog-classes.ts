/**
 * The alert dialog's look, apart from Radix (alert-dialog.tsx) so a screen can draw the same dialog
 * without its code: the idle sign-out's warning while that code could not be fetched (decision 029a).
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
