import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { ROSTER_COLUMNS, ROSTER_LIMITS, ROSTER_MESSAGES } from "../../../../contracts/roster-constants.ts";
import type { RosterResult } from "../../../../contracts/roster.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorMessage } from "../../api/client.ts";
import { SignInCards } from "../../components/staff/SignInCards.tsx";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { CampSessionsPanel } from "./CampSessionsPanel.tsx";
import { RosterResults } from "./RosterResults.tsx";
import { useImportRoster } from "../../api/roster-api.ts";

const EXAMPLE = `${ROSTER_COLUMNS.join(",")}\nZoë,D,Pines,July A,yes`;
const ALL = "";

/** /staff/roster (the director): paste or choose a roster CSV, import it, print the new campers' cards. */
export function RosterPage() {
  usePageTitle("Roster");
  const textId = useId();
  const fileId = useId();
  const helpId = useId();
  const [csv, setCsv] = useState("");
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [result, setResult] = useState<RosterResult | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [printCabin, setPrintCabin] = useState(ALL);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const importer = useImportRoster();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFileProblem(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > ROSTER_LIMITS.maxBytes) return setFileProblem(ROSTER_MESSAGES.tooBig);
    setCsv(await file.text());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!csv.trim()) return setFileProblem("Paste the roster or choose its file first.");
    importer.mutate(csv, {
      onSuccess: (answer) => {
        setResult(answer);
        setPrintCabin(ALL);
        requestAnimationFrame(() => resultsHeading.current?.focus());
      },
    });
  };

  const made = result?.made ?? [];
  const cabins = [...new Set(made.map((m) => m.cabin))].sort();
  if (printing !== null) {
    const cards = made.filter((m) => printing === ALL || m.cabin === printing).map(({ firstName, cabin, session, code }) => ({ firstName, cabin, session, code }));
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-8 print:p-0">
        <div className="flex flex-wrap gap-2 print:hidden">
          <h1 className="w-full text-2xl font-bold text-slate-900">Sign-in cards{printing ? `: ${printing}` : ""}</h1>
          <Button type="button" className="min-h-11" onClick={() => window.print()}>
            Print
          </Button>
          <Button type="button" variant="outline" className="min-h-11" onClick={() => setPrinting(null)}>
            Back to the import
          </Button>
        </div>
        <SignInCards cards={cards} />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Roster</h1>
        <StaffNav />
      </header>
      <form onSubmit={submit} className="grid gap-4" aria-describedby={helpId}>
        <div id={helpId} className="grid gap-1 text-slate-800">
          <p className="font-semibold text-slate-900">{ROSTER_MESSAGES.privacy}</p>
          <p>
            The first line names the columns, in any order: <code className="break-all font-mono">{ROSTER_COLUMNS.join(",")}</code>. media_release is yes or no. Importing the same
            roster again makes nobody twice.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={textId}>Roster (CSV)</Label>
          <textarea
            id={textId}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            rows={8}
            spellCheck={false}
            placeholder={EXAMPLE}
            className="w-full rounded-md border border-slate-400 bg-white p-3 font-mono text-base text-slate-900 placeholder:text-slate-700"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fileId}>Or choose a .csv file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void chooseFile(e)}
            className="min-h-11 w-full min-w-0 text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold file:text-slate-900"
          />
        </div>
        {(fileProblem || importer.error) && (
          <p role="alert" className="text-red-800">
            {fileProblem ?? errorMessage(importer.error)}
          </p>
        )}
        <div>
          <Button type="submit" className="min-h-11" busy={importer.isPending}>
            {importer.isPending ? "Importing..." : "Import"}
          </Button>
        </div>
      </form>

      {result && (
        <section aria-labelledby="roster-results" className="grid min-w-0 gap-4">
          <h2 id="roster-results" ref={resultsHeading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
            Import results
          </h2>
          {made.length > 0 && (
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${textId}-cabin`}>Cards for</Label>
                <select
                  id={`${textId}-cabin`}
                  value={printCabin}
                  onChange={(e) => setPrintCabin(e.target.value)}
                  className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-slate-900"
                >
                  <option value={ALL}>Every new camper</option>
                  {cabins.map((c) => (
                    <option key={c} value={c}>
                      Cabin {c}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="button" className="min-h-11" onClick={() => setPrinting(printCabin)}>
                Print cards
              </Button>
            </div>
          )}
          <RosterResults result={result} />
        </section>
      )}
      <CampSessionsPanel />
    </div>
  );
}
