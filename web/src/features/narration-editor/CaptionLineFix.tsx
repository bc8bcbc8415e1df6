import { TextSelect } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import { PERSONAL_DETAIL_MESSAGES } from "../../../../contracts/personal-details-constants.ts";
import type { CaptionLine } from "../../../../contracts/personal-details.ts";
import { Button } from "../../components/ui/button.tsx";
import { formatClock } from "../../lib/time-format.ts";

/** A flagged phrase on a caption line of the video, as "Fix it" opens it under the clip it shows over. */
export interface CaptionFix {
  line: CaptionLine;
  phrase: string;
  /** "Fix it" for the same words in the script, when they are there too. */
  scriptHref: string | null;
}

/**
 * The caption line with the flagged words selected (focused, so a screen reader reads the line and
 * the note says what was selected). Captions are made from the script: the way to fix it is there.
 */
export function CaptionLineFix({ fix }: { fix: CaptionFix }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const ids = { line: useId(), hint: useId() };
  const { line } = fix;
  const name = PERSONAL_DETAIL_MESSAGES.captionLine(line.index + 1);

  useEffect(() => {
    // After this render's effects: a route change moves focus to the page's heading first (RouteFocus).
    const timer = setTimeout(() => {
      const element = ref.current;
      if (!element) return;
      element.scrollIntoView?.({ block: "center" });
      element.focus();
      element.setSelectionRange(line.start, line.end);
    }, 0);
    return () => clearTimeout(timer);
  }, [line]);

  return (
    <div data-testid="caption-fix" className="grid gap-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3">
      <label htmlFor={ids.line} className="text-sm font-semibold text-slate-900">
        {name} (at {formatClock(line.startSeconds)})
      </label>
      <textarea
        id={ids.line}
        ref={ref}
        readOnly
        rows={2}
        value={line.text}
        aria-describedby={ids.hint}
        className="w-full resize-none rounded-md border border-amber-600 bg-white p-2 text-base text-slate-900 selection:bg-amber-300"
      />
      <p role="status" className="text-sm font-medium text-slate-900">
        {PERSONAL_DETAIL_MESSAGES.selected(line.text.slice(line.start, line.end), name.toLowerCase())}
      </p>
      <p id={ids.hint} className="text-sm text-slate-800">
        {PERSONAL_DETAIL_MESSAGES.captionFix}
      </p>
      {fix.scriptHref && (
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href={fix.scriptHref}>
              <TextSelect aria-hidden="true" />
              Select it in the script
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
