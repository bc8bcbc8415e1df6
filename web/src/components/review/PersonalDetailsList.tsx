import { Check, Pencil, ShieldAlert, Undo2 } from "lucide-react";
import { Link } from "wouter";
import { PERSONAL_DETAIL_LABELS, PERSONAL_DETAIL_MESSAGES, PERSONAL_DETAIL_PLACE_NAMES, PERSONAL_DETAIL_PLACE_NAMES_FOR_STAFF } from "../../../../contracts/personal-details-constants.ts";
import type { PersonalDetailFinding, PersonalDetailPlace, PersonalDetailsCheck } from "../../../../contracts/personal-details.ts";
import { Button } from "../ui/button.tsx";
import { formatClock } from "../../lib/time-format.ts";
import { fixHref } from "../../lib/fix-target.ts";

const CONTEXT = 40;

/** The flagged words in a little of the text around them, highlighted, so the camper sees where it is. */
export function FlaggedPhrase({ text, start, end }: { text: string; start: number; end: number }) {
  const from = Math.max(0, start - CONTEXT);
  const to = Math.min(text.length, end + CONTEXT);
  return (
    <q className="block break-words text-slate-800 before:content-none after:content-none">
      {from > 0 && "..."}
      {text.slice(from, start)}
      <mark className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">{text.slice(start, end)}</mark>
      {text.slice(end, to)}
      {to < text.length && "..."}
    </q>
  );
}

interface CamperActions {
  showId: number;
  onKeep(finding: PersonalDetailFinding, keep: boolean): void;
  busy: boolean;
}

/** What a place is called: "your script", or for a caption its line and when it shows. */
function placeName(place: PersonalDetailPlace, forCamper: boolean): string {
  const names = forCamper ? PERSONAL_DETAIL_PLACE_NAMES : PERSONAL_DETAIL_PLACE_NAMES_FOR_STAFF;
  if (place.field !== "captions" || !place.line) return names[place.field];
  return `${names.captions}, line ${place.line.index + 1} (at ${formatClock(place.line.startSeconds)})`;
}

/** One place a phrase stands, its words in context, and for the camper "Fix it" that opens it with the words selected. */
function Place({ finding, place, texts, showId }: { finding: PersonalDetailFinding; place: PersonalDetailPlace; texts: PersonalDetailsCheck["texts"]; showId?: number }) {
  const name = placeName(place, showId !== undefined);
  return (
    <li className="grid gap-1 rounded border border-amber-200 bg-white/60 p-2" data-testid="finding-place" data-field={place.field}>
      <p className="text-sm font-medium text-slate-800">In {name}</p>
      {place.line ? (
        <FlaggedPhrase text={place.line.text} start={place.line.start} end={place.line.end} />
      ) : (
        <FlaggedPhrase text={texts[place.field]} start={place.start} end={place.end} />
      )}
      {showId !== undefined && !finding.kept && (
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href={fixHref(showId, finding, place)} aria-label={`Fix it in ${name}: ${finding.phrase}`}>
              <Pencil aria-hidden="true" />
              Fix it
            </Link>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Each finding of the personal-details check: what kind of detail it looks like and why it matters, and
 * every place it stands (the same words in the script and the captions are one finding). With `camper`
 * actions, "Fix it" for each place and a way to keep it; without (staff), whether the camper kept it.
 */
export function PersonalDetailsList({
  check,
  camper,
  label = "Possible personal details",
}: {
  check: Pick<PersonalDetailsCheck, "findings" | "texts">;
  camper?: CamperActions;
  label?: string;
}) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {check.findings.map((finding, index) => {
        const kindLabel = PERSONAL_DETAIL_LABELS[finding.kind];
        return (
          <li
            key={`${finding.kind}-${finding.phrase}-${index}`}
            data-testid="finding"
            className={`grid gap-2 rounded-md border p-3 ${finding.kept ? "border-slate-300 bg-slate-50" : "border-amber-400 bg-amber-50"}`}
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <ShieldAlert aria-hidden="true" className="size-4" />
              {kindLabel}: “{finding.phrase}”
              {finding.kept && <span className="rounded bg-slate-200 px-2 text-sm font-normal">{camper ? "You said it's OK to share" : "Kept by the camper"}</span>}
              {finding.source === "ai" && <span className="text-sm font-normal text-slate-600">(found by the AI helper)</span>}
            </p>
            <p className="text-slate-800">{finding.explanation}</p>
            <ul className="grid gap-2" aria-label={`Where “${finding.phrase}” is`}>
              {finding.places.map((place) => (
                <Place key={`${place.field}-${place.start}`} finding={finding} place={place} texts={check.texts} showId={camper?.showId} />
              ))}
            </ul>
            {finding.places.some((p) => p.field === "captions") && camper && !finding.kept && (
              <p className="text-sm text-slate-700">{PERSONAL_DETAIL_MESSAGES.captionFix}</p>
            )}
            {camper && (
              <div className="flex flex-wrap gap-2">
                {finding.kept ? (
                  <Button type="button" variant="ghost" size="sm" busy={camper.busy} onClick={() => camper.onKeep(finding, false)} aria-label={`Undo: ${finding.phrase}`}>
                    <Undo2 aria-hidden="true" />
                    Undo
                  </Button>
                ) : (
                  <Button type="button" variant="outline" size="sm" busy={camper.busy} onClick={() => camper.onKeep(finding, true)} aria-label={`It's OK to share: ${finding.phrase}`}>
                    <Check aria-hidden="true" />
                    It's OK to share
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
