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

/** A staff table with its column headings, in its scrolling box (`label` names the box). */
export function StaffTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <TableScroller label={label}>
      <table className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i < columns.length - 1 ? "py-2 pr-4" : "py-2"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}
