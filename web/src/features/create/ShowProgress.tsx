import { Check } from "lucide-react";
import { cn } from "../../lib/utils.ts";

/** The four parts of making a story, in the order the Create screen leads through them. */
export const SHOW_STEPS = [
  { key: "reflect", label: "Reflect", anchor: "step-reflect", hint: "Answer the prompts in your own words." },
  { key: "script", label: "Script", anchor: "step-script", hint: "Let the AI turn your answers into a script, then edit it." },
  { key: "record", label: "Record", anchor: "step-record", hint: "Record one clip or several, reading your script." },
  { key: "editor", label: "Editor", anchor: "step-editor", hint: "Choose the voice, the look and make the final video." },
] as const;
export type ShowStepKey = (typeof SHOW_STEPS)[number]["key"];

/** Where the camper is: the first part not done yet (all done: the editor). */
export function currentStep(done: Record<ShowStepKey, boolean>): ShowStepKey {
  return SHOW_STEPS.find((s) => !done[s.key])?.key ?? "editor";
}

/**
 * "Step 2 of 4: Script", the steps as links to their sections, and what comes next. Steps already
 * done carry a tick; any step can be opened in any order (recording first works).
 */
export function ShowProgress({ done }: { done: Record<ShowStepKey, boolean> }) {
  const current = currentStep(done);
  const index = SHOW_STEPS.findIndex((s) => s.key === current);
  const step = SHOW_STEPS[index]!;
  const next = SHOW_STEPS[index + 1];
  return (
    <nav aria-label="Story steps" className="grid gap-2 rounded-xl border border-slate-300 bg-white p-3 sm:p-4">
      <p className="text-sm font-semibold text-slate-900" data-testid="story-step">
        Step {index + 1} of {SHOW_STEPS.length}: {step.label}.{" "}
        <span className="font-normal text-slate-700">
          {step.hint}
          {next ? ` Next: ${next.label}.` : ""}
        </span>
      </p>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SHOW_STEPS.map((s, i) => {
          const isCurrent = s.key === current;
          return (
            <li key={s.key}>
              <a
                href={`#${s.anchor}`}
                aria-current={isCurrent ? "step" : undefined}
                className={cn(
                  "flex min-h-11 items-center gap-2 rounded-lg border-2 px-3 py-2 text-sm font-medium",
                  isCurrent
                    ? "border-brand-700 bg-brand-50 text-brand-800"
                    : done[s.key]
                      ? "border-slate-300 bg-slate-50 text-slate-800"
                      : "border-slate-200 text-slate-700",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                    done[s.key] ? "bg-lake-700 text-white" : isCurrent ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-800",
                  )}
                >
                  {done[s.key] ? <Check className="size-4" /> : i + 1}
                </span>
                {s.label}
                {done[s.key] && <span className="sr-only"> (done)</span>}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
