import { CheckCircle2, Circle, Combine, Pencil, Scissors, Video } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Shot } from "../../../../contracts/shots.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/utils.ts";
import { aboutSeconds, takesSummary } from "./shot-format.ts";
import { ShotLinesEditor } from "./ShotLinesEditor.tsx";

export interface ShotCardProps {
  shot: Shot;
  /** The last shot has no next one to merge with. */
  isLast: boolean;
  /** The shot the recorder is on. */
  isCurrent: boolean;
  /** A change of this shot is on its way (its buttons wait). */
  busy: boolean;
  /** Puts the recorder on this shot (absent: no recorder on screen). */
  onRecord?: () => void;
  /** A take is being recorded: the recorder stays on its shot until Stop. */
  recording?: boolean;
  onSplit: (beforeSentence: number) => void;
  onMerge: () => void;
  saveLines: (text: string) => Promise<unknown>;
  /** "Use a photo": a photo from the camper's files as this shot's picture (absent: not offered). */
  photoAction?: ReactNode;
  /** The chosen take's picture when it is a photo (a photo has no lines to check). */
  picture?: ReactNode;
  /** The shot's takes (players and the choice). */
  children?: ReactNode;
}

/**
 * One shot of the list: its number, lines (with a "Split here" between each two sentences), the
 * estimate, whether it has a chosen take, and its buttons. Every action is a real button, so the
 * keyboard reaches all of them in reading order.
 */
export function ShotCard({ shot, isLast, isCurrent, busy, onRecord, recording = false, onSplit, onMerge, saveLines, photoAction, picture, children }: ShotCardProps) {
  const [editing, setEditing] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  // Closing the editor (saved or cancelled) puts focus back on the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) actions.current?.querySelector<HTMLElement>("[data-edit-lines]")?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const headingId = `shot-heading-${shot.id}`;
  const chosen = shot.chosenClipId !== null;
  const chosenTake = shot.takes.find((t) => t.chosen);
  const ChosenIcon = chosen ? CheckCircle2 : Circle;

  return (
    <li
      data-testid="shot"
      data-shot-number={shot.number}
      data-chosen={chosen ? "true" : "false"}
      aria-labelledby={headingId}
      className={cn(
        "grid min-w-0 gap-3 rounded-xl border-2 bg-white p-4",
        isCurrent ? "border-lake-700 shadow-md" : "border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {/* Focus lands here after a merge or split, so the camper hears where they are. */}
        <h3 id={headingId} tabIndex={-1} data-shot-heading={shot.number} className="text-lg font-bold text-slate-900">
          Shot {shot.number}
          {isCurrent && <span className="ml-2 text-sm font-semibold text-lake-700">(in the recorder)</span>}
        </h3>
        <p className="text-sm text-slate-700" data-testid="shot-estimate">
          {aboutSeconds(shot.estimatedSeconds)}
        </p>
      </div>

      <p
        data-testid="shot-takes"
        className={cn("flex items-center gap-1.5 text-sm font-medium", chosen ? "text-green-900" : "text-slate-700")}
      >
        <ChosenIcon aria-hidden="true" className="size-4 shrink-0" />
        {takesSummary(shot)}
        {chosenTake && !chosenTake.matchesLines && !picture && (
          <span className="font-semibold text-amber-900">. The chosen take says older lines.</span>
        )}
      </p>

      {picture}

      {editing ? (
        <ShotLinesEditor shot={shot} save={saveLines} onDone={() => setEditing(false)} />
      ) : (
        <ol className="grid gap-1" aria-label={`Lines of shot ${shot.number}`}>
          {shot.sentences.map((sentence, index) => (
            <li key={index} className="grid gap-1">
              {index > 0 && (
                <div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2 text-lake-700"
                    onClick={() => onSplit(index)}
                    busy={busy}
                    // The visible words first, then where (label in name).
                    aria-label={`Split here, before sentence ${index + 1} of shot ${shot.number}`}
                  >
                    <Scissors aria-hidden="true" />
                    Split here
                  </Button>
                </div>
              )}
              <p className="break-words text-base leading-relaxed text-slate-900">{sentence}</p>
            </li>
          ))}
        </ol>
      )}

      {!editing && (
        <div ref={actions} className="flex flex-wrap gap-2">
          {onRecord && (
            <Button size="sm" variant={isCurrent ? "secondary" : "default"} onClick={onRecord} softDisabled={recording}>
              <Video aria-hidden="true" />
              Record shot {shot.number}
            </Button>
          )}
          <Button
            data-edit-lines
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            softDisabled={busy}
            aria-label={`Edit lines of shot ${shot.number}`}
          >
            <Pencil aria-hidden="true" />
            Edit lines
          </Button>
          {photoAction}
          {!isLast && (
            <Button size="sm" variant="outline" onClick={onMerge} busy={busy}>
              <Combine aria-hidden="true" />
              Merge with shot {shot.number + 1}
            </Button>
          )}
        </div>
      )}

      {children}
    </li>
  );
}
