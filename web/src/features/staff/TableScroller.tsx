import type { ReactNode } from "react";

/**
 * A wide staff table on a phone: the table scrolls inside its own box (WCAG 1.4.10 allows a data table
 * to need two dimensions) instead of making the whole page scroll sideways. The box is a named region
 * and takes focus, so keyboard users can scroll it too.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto">
      {children}
    </div>
  );
}
