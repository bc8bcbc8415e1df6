import { REVIEW_STATE_LABELS, type ReviewState } from "../../../../contracts/reviews-constants.ts";
import { cn } from "../../lib/utils.ts";

/** Dark text on a pale fill for every state (WCAG AA); the words carry the meaning, not the colour. */
const TONES: Record<ReviewState, string> = {
  draft: "border-slate-500 bg-slate-50 text-slate-800",
  video_ready: "border-lake-700 bg-white text-lake-900",
  waiting: "border-amber-700 bg-amber-50 text-amber-900",
  approved: "border-green-700 bg-green-50 text-green-900",
  changes_requested: "border-red-700 bg-red-50 text-red-900",
};

export function ReviewStateBadge({ state }: { state: ReviewState }) {
  return (
    <span className={cn("inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold", TONES[state])}>
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}
