/**
 * A clip player without captions says so in words a camper can see and that the player itself points
 * to (aria-describedby). In the editor a clip in which the camper reads the show's script gets a
 * captions track instead (GET /api/clips/:id/captions.vtt); the final video has its captions track; the
 * AI voice has its script beside it.
 */
export const NO_CAPTIONS_TEXT = "No captions for this clip.";

export function NoCaptionsNote({ id, className }: { id: string; className?: string }) {
  return (
    <p id={id} data-testid="no-captions-note" className={className ?? "text-xs text-slate-700"}>
      {NO_CAPTIONS_TEXT}
    </p>
  );
}
