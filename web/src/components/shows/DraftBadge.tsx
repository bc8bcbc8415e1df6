/** A small "Draft" label; dark text on a pale fill keeps it readable (WCAG AA). */
export function DraftBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-brand-700 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
      Draft
    </span>
  );
}
