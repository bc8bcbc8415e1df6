import { ArrowRight, Loader2 } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button.tsx";

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

/**
 * 'Continue to Editing' (only when clips exist): to the show's narration editing screen. Before the story's
 * first save (which the first saved clip or answer makes by itself) it waits, busy, in the same size: a
 * wider waiting state wrapped the top bar onto another line and moved the page under a camper's finger
 * in the middle of a take, when the save landed.
 */
export function ContinueToEditingButton({ showId, hasClips, className }: ContinueToEditingButtonProps) {
  const hintId = useId();
  if (!hasClips) return null;
  if (showId === null) {
    return (
      <>
        <Button busy aria-describedby={hintId} className={className}>
          Continue to Editing
          <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        </Button>
        <span id={hintId} className="sr-only">
          Opens once your story is saved
        </span>
      </>
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
