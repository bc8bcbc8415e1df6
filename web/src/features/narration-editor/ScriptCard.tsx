import { Clapperboard, RotateCcw } from "lucide-react";
import { useId, type ReactNode, type Ref } from "react";
import { Link, useLocation } from "wouter";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";
import { SHOW_LIMITS } from "../../../../contracts/shows-constants.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { AudioSourceField } from "./AudioSourceField.tsx";
import { countWords } from "./length-format.ts";
import type { Autosave } from "./use-autosave.ts";

/**
 * The narration card: the script (saved as it is typed), Reset to Original, the way to record to
 * the script, and the audio source; `voicePanel` shows under it while an AI voice reads the script.
 */
export function ScriptCard({
  show,
  autosave,
  narrationRef,
  note,
  voicePanel,
}: {
  show: Show;
  autosave: Pick<Autosave, "fields" | "setField" | "flush">;
  narrationRef: Ref<HTMLTextAreaElement>;
  /** The note of a "Fix it" that selected words in the script. */
  note: string | null;
  voicePanel: ReactNode;
}) {
  const { fields, setField, flush } = autosave;
  const ids = { narration: useId(), words: useId() };
  const [, navigate] = useLocation();
  const shotsHref = `/shows/${show.id}/shots`;
  const words = countWords(fields.narration);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PRODUCT_NAME} Narration</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <label htmlFor={ids.narration} className="text-sm font-medium text-slate-800">
            Narration script
          </label>
          <textarea
            id={ids.narration}
            ref={narrationRef}
            value={fields.narration}
            rows={12}
            maxLength={SHOW_LIMITS.narrationMaxLength}
            onChange={(event) => setField("narration", event.target.value)}
            onBlur={() => void flush()}
            aria-describedby={ids.words}
            placeholder="Write what the narrator says..."
            className="min-h-48 w-full min-w-0 resize-y rounded-md border border-slate-400 bg-white p-3 text-base leading-relaxed text-slate-900 placeholder:text-slate-600"
          />
          {note !== null && <p role="status" className="text-sm font-medium text-slate-900">{note}</p>}
          <p id={ids.words} className="text-sm text-slate-700">
            {words} {words === 1 ? "word" : "words"} · Changes save automatically.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setField("narration", show.originalNarration ?? "", { immediate: true })}
              disabled={!show.originalNarration || fields.narration === show.originalNarration}
            >
              <RotateCcw aria-hidden="true" />
              Reset to Original
            </Button>
            <Button asChild variant="secondary" size="sm">
              <Link
                href={shotsHref}
                onClick={(event) => {
                  // The shots are cut from the saved script: save the last edits before going there.
                  event.preventDefault();
                  void flush().finally(() => navigate(shotsHref));
                }}
              >
                <Clapperboard aria-hidden="true" />
                Record to the script
              </Link>
            </Button>
          </div>
        </div>

        <AudioSourceField showId={show.id} value={fields.audioSource} onChange={(value) => setField("audioSource", value, { immediate: true })} />
        {fields.audioSource === "voice" && voicePanel}
      </CardContent>
    </Card>
  );
}
