/**
 * A clip's own sound has no captions yet (the words a camper said are only matched to the script when
 * the final video is rendered), so each clip player says so in words a camper can see and that the
 * player itself points to (aria-describedby). The final video has its captions track; the AI voice
 * has its script beside it.
 */
export const NO_CAPTIONS_TEXT = "No captions for this clip.";

export function NoCaptionsNote({ id, className }: { id: string; className?: string }) {
  return (
    <p id={id} data-testid="no-captions-note" className={className ?? "text-xs text-slate-700"}>
      {NO_CAPTIONS_TEXT}
    </p>
  );
}
