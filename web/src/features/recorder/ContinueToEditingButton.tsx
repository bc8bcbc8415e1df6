import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/utils.ts";

export interface ContinueToEditingButtonProps {
  /** The saved show; null before the story is first saved. */
  showId: number | null;
  /** Whether any clip exists; the button is not rendered without one. */
  hasClips: boolean;
  className?: string;
}

export function narrationEditingPath(showId: number): string {
  return `/shows/${showId}/narration`;
}

/** 'Continue to Editing' (only when clips exist): to the show's narration editing screen. */
export function ContinueToEditingButton({ showId, hasClips, className }: ContinueToEditingButtonProps) {
  const hintId = useId();
  if (!hasClips) return null;
  if (showId === null) {
    return (
      <span className={cn("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
        <Button disabled aria-describedby={hintId}>
          Continue to Editing
          <ArrowRight aria-hidden="true" />
        </Button>
        <span id={hintId} className="text-sm text-slate-700">
          Save your story first
        </span>
      </span>
    );
  }
  return (
    <Button asChild className={className}>
      <Link href={narrationEditingPath(showId)}>
        Continue to Editing
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
