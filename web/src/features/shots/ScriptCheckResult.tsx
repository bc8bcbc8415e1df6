import { CheckCircle2, CircleAlert, Info } from "lucide-react";
import type { ScriptCheck, ScriptCheckSentence } from "../../../../contracts/shots.ts";
import { cn } from "../../lib/utils.ts";
import { percent } from "./shot-format.ts";

/** One sentence of the lines: said or missed, with the words the check found in the take marked. */
function SentenceRow({ sentence }: { sentence: ScriptCheckSentence }) {
  const found = sentence.words.filter((w) => w.heard).length;
  const Icon = sentence.said ? CheckCircle2 : CircleAlert;
  return (
    <li
      data-testid="check-sentence"
      data-said={sentence.said ? "true" : "false"}
      className={cn(
        "grid gap-1 rounded-md border-l-4 px-3 py-2",
        sentence.said ? "border-green-700 bg-green-50" : "border-amber-600 bg-amber-50",
      )}
    >
      <p className={cn("flex items-center gap-1.5 text-sm font-bold", sentence.said ? "text-green-900" : "text-amber-900")}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {sentence.said ? "Said" : "Missed"}
        <span className="font-normal text-slate-700">
          ({found} of {sentence.words.length} words found)
        </span>
      </p>
      <p className="break-words text-base leading-relaxed text-slate-900">
        {sentence.words.map((word, index) => (
          <span key={index}>
            {index > 0 && " "}
            {word.heard ? (
              <mark data-heard="true" className="rounded bg-green-200 px-0.5 font-semibold text-green-950">
                {word.word}
              </mark>
            ) : (
              <span className="text-slate-700">{word.word}</span>
            )}
          </span>
        ))}
      </p>
    </li>
  );
}

/**
 * What the check found in a take: the word match, and each sentence said or missed with its found
 * words marked; or, when nothing could listen, the server's plain message. The live announcement is
 * made once, when the answer arrives (use-take-check.ts).
 */
export function ScriptCheckResult({ check, headingId }: { check: ScriptCheck; headingId: string }) {
  if (check.status === "unavailable") {
    return (
      <p data-testid="check-unavailable" className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-slate-800">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          {check.message ?? "The script check isn't available right now."} Watch your take to make sure it says all your
          lines.
        </span>
      </p>
    );
  }
  const said = check.sentences.filter((s) => s.said).length;
  const total = check.sentences.length;
  return (
    <div className="grid gap-2">
      <p className="text-lg font-semibold text-slate-900" data-testid="check-summary">
        <span className="text-2xl font-bold text-lake-900" data-testid="word-match">
          {percent(check.wordMatch)}
        </span>{" "}
        of the words found. You said {said} of {total} {total === 1 ? "sentence" : "sentences"}.
      </p>
      <ol className="grid gap-2" aria-labelledby={headingId}>
        {check.sentences.map((sentence, index) => (
          <SentenceRow key={index} sentence={sentence} />
        ))}
      </ol>
    </div>
  );
}
