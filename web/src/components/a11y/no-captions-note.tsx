import { NO_CAPTIONS_TEXT } from "../../api/clip-captions.ts";

/**
 * A clip player without captions says so in words a camper can see and that the player itself points
 * to (aria-describedby). In the editor a clip in which the camper reads the show's script gets a
 * captions track instead (GET /api/clips/:id/captions.vtt); the final video has its captions track; the
 * AI voice has its script beside it. `text`: other words for why there are none (yet), such as the
 * server's when it has no turn for them.
 */
export function NoCaptionsNote({ id, className, text = NO_CAPTIONS_TEXT }: { id: string; className?: string; text?: string }) {
  return (
    <p id={id} data-testid="no-captions-note" className={className ?? "text-xs text-slate-700"}>
      {text}
    </p>
  );
}
