import { ArrowRight, CheckCircle2, Loader2, RotateCcw, ThumbsUp, Undo2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import type { Shot, TakeSwitch } from "../../../../contracts/shots.ts";
import { Button } from "../../components/ui/button.tsx";
import type { ClipItem } from "../../api/clip-items.ts";
import { ScriptCheckResult } from "./ScriptCheckResult.tsx";
import { switchMessage } from "./shot-format.ts";
import type { TakeCheck, TakeRef } from "./use-take-check.ts";

export interface TakeResultProps {
  showId: number;
  take: TakeRef;
  item: ClipItem | undefined;
  check: TakeCheck;
  /** The take's shot as the list has it now (undefined when a merge or split replaced it). */
  shot: Shot | undefined;
  /** The number of the shot after the take's, if there is one. */
  nextNumber: number | null;
  choosing: boolean;
  onUse: (clipId: number) => void;
  /** Puts back the take the server replaced with this one. */
  onUndoSwitch: (change: TakeSwitch) => void;
  onRecordAgain: () => void;
  onNext: () => void;
  onRetryUpload: () => void;
}

function Waiting({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 text-slate-800">
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-lake-700 motion-reduce:animate-none" />
      {children}
    </p>
  );
}

/**
 * After Stop: the take saving, then being checked, then what the check found, with the three next
 * steps: use this take, record the shot again (its missed lines marked), or go on to the next shot.
 */
export function TakeResult(props: TakeResultProps) {
  const { showId, take, item, check, shot, nextNumber, choosing, onUse, onUndoSwitch, onRecordAgain, onNext, onRetryUpload } = props;
  const headingId = useId();
  const clipId = item?.serverId ?? null;
  const chosen = clipId !== null && shot?.chosenClipId === clipId;
  const done = check.phase === "checked" || check.phase === "check-failed";
  // The server used this take by itself (it says every line the chosen one missed): say so, with Undo.
  const switched = check.phase === "checked" && chosen && check.clip?.takeSwitch?.clipId === clipId ? check.clip.takeSwitch : null;
  // After Undo its button goes; focus moves to "Use this take", which stands where it was.
  const undone = useRef(false);
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (undone.current && !chosen) {
      undone.current = false;
      actions.current?.querySelector<HTMLElement>("[data-use-take]")?.focus();
    }
  }, [chosen]);

  return (
    <section aria-labelledby={headingId} data-testid="take-result" data-phase={check.phase} className="grid gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        Shot {take.shotNumber}: how did your take go?
      </h3>

      {check.phase === "saving" && (
        <Waiting>{`Saving your take${item && item.state === "uploading" ? ` (${item.progress} %)` : ""}...`}</Waiting>
      )}
      {check.phase === "on-device" && (
        <p className="text-slate-800">Your take is safe on this device. It uploads and gets checked when you're back online.</p>
      )}
      {check.phase === "upload-failed" && (
        <div className="grid gap-2">
          <p role="alert" className="text-sm font-medium text-red-800">
            Your take didn't upload: {check.error ?? "the upload failed"}. It is kept on this device.
          </p>
          <div>
            <Button variant="outline" size="sm" onClick={onRetryUpload}>
              Try the upload again
            </Button>
          </div>
        </div>
      )}
      {check.phase === "checking" && <Waiting>Checking which lines you said...</Waiting>}
      {check.phase === "checked" && check.clip?.scriptCheck && <ScriptCheckResult check={check.clip.scriptCheck} headingId={headingId} />}
      {check.phase === "check-failed" && (
        <div className="grid gap-2">
          <p role="alert" className="text-sm font-medium text-red-800">
            We couldn't check this take: {check.error}
          </p>
          <div>
            <Button variant="outline" size="sm" onClick={check.retry}>
              Check again
            </Button>
          </div>
        </div>
      )}

      {done && !shot && <p className="text-sm text-slate-800">This shot changed in the list. Pick a shot from the list to go on.</p>}
      {done && shot && (
        <div ref={actions} className="flex flex-wrap items-center gap-2">
          {switched && shot ? (
            <div data-testid="take-switched" className="flex w-full flex-wrap items-center gap-2 rounded-md bg-green-50 p-2">
              <p className="flex items-center gap-1.5 text-sm font-semibold text-green-900" data-testid="take-chosen">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                {switchMessage(shot, switched)}
              </p>
              <Button
                variant="outline"
                size="sm"
                busy={choosing}
                onClick={() => {
                  undone.current = true;
                  onUndoSwitch(switched);
                }}
              >
                <Undo2 aria-hidden="true" />
                Undo
              </Button>
            </div>
          ) : chosen ? (
            <p className="flex items-center gap-1.5 text-sm font-semibold text-green-900" data-testid="take-chosen">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Your video uses this take.
            </p>
          ) : (
            clipId !== null && (
              <Button data-use-take onClick={() => onUse(clipId)} busy={choosing}>
                <ThumbsUp aria-hidden="true" />
                Use this take
              </Button>
            )
          )}
          <Button variant="outline" onClick={onRecordAgain}>
            <RotateCcw aria-hidden="true" />
            Record shot {take.shotNumber} again
          </Button>
          {nextNumber !== null ? (
            <Button variant="secondary" onClick={onNext}>
              Next shot
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button asChild variant="secondary">
              <Link href={`/shows/${showId}/narration`}>
                Make your video
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
