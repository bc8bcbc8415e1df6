import { Check, Pencil, ShieldAlert, Undo2 } from "lucide-react";
import { Link } from "wouter";
import {
  PERSONAL_DETAIL_FIELD_HINTS,
  PERSONAL_DETAIL_LABELS,
  type PersonalDetailFinding,
  type PersonalDetailsCheck,
} from "../../../../contracts/personal-details.ts";
import { Button } from "../../components/ui/button.tsx";

const CONTEXT = 40;

/** The flagged words in a little of the text around them, highlighted, so the camper sees where it is. */
export function FlaggedPhrase({ text, finding }: { text: string; finding: PersonalDetailFinding }) {
  const from = Math.max(0, finding.start - CONTEXT);
  const to = Math.min(text.length, finding.end + CONTEXT);
  return (
    <q className="block break-words text-slate-800 before:content-none after:content-none">
      {from > 0 && "..."}
      {text.slice(from, finding.start)}
      <mark className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">{text.slice(finding.start, finding.end)}</mark>
      {text.slice(finding.end, to)}
      {to < text.length && "..."}
    </q>
  );
}

interface CamperActions {
  showId: number;
  onKeep(finding: PersonalDetailFinding, keep: boolean): void;
  busy: boolean;
}

/**
 * Each finding of the personal-details check: the highlighted phrase, what kind of detail it looks like
 * and why it matters, and where it is. With `camper` actions, a way to fix it or keep it; without (staff),
 * whether the camper kept it.
 */
export function PersonalDetailsList({ check, camper }: { check: PersonalDetailsCheck; camper?: CamperActions }) {
  return (
    <ul className="grid gap-3" aria-label="Possible personal details">
      {check.findings.map((finding, index) => {
        const label = PERSONAL_DETAIL_LABELS[finding.kind];
        return (
          <li
            key={`${finding.field}-${finding.start}-${index}`}
            className={`grid gap-2 rounded-md border p-3 ${finding.kept ? "border-slate-300 bg-slate-50" : "border-amber-400 bg-amber-50"}`}
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <ShieldAlert aria-hidden="true" className="size-4" />
              {label}
              {finding.kept && <span className="rounded bg-slate-200 px-2 text-sm font-normal">{camper ? "You said it's OK to share" : "Kept by the camper"}</span>}
              {finding.source === "ai" && <span className="text-sm font-normal text-slate-600">(found by the AI helper)</span>}
            </p>
            <FlaggedPhrase text={check.texts[finding.field]} finding={finding} />
            <p className="text-slate-800">
              {finding.explanation} {camper ? PERSONAL_DETAIL_FIELD_HINTS[finding.field] : `(${finding.field})`}
            </p>
            {camper && (
              <div className="flex flex-wrap gap-2">
                {finding.kept ? (
                  <Button type="button" variant="ghost" size="sm" busy={camper.busy} onClick={() => camper.onKeep(finding, false)} aria-label={`Undo: ${finding.phrase}`}>
                    <Undo2 aria-hidden="true" />
                    Undo
                  </Button>
                ) : (
                  <>
                    <Button asChild variant="outline" size="sm">
                      <Link href={finding.field === "title" ? `/record?id=${camper.showId}` : `/shows/${camper.showId}/narration`} aria-label={`Fix it: ${finding.phrase}`}>
                        <Pencil aria-hidden="true" />
                        Fix it
                      </Link>
                    </Button>
                    <Button type="button" variant="outline" size="sm" busy={camper.busy} onClick={() => camper.onKeep(finding, true)} aria-label={`It's OK to share: ${finding.phrase}`}>
                      <Check aria-hidden="true" />
                      It's OK to share
                    </Button>
                  </>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
