import { useId, useState } from "react";
import { RetentionPanel } from "./RetentionPanel.tsx";
import { CampSettingsPanel } from "./CampSettingsPanel.tsx";
import { Link } from "wouter";
import { REVIEW_MESSAGES, REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from "../../../../contracts/reviews-constants.ts";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { ReviewStateBadge } from "../../components/review/ReviewStateBadge.tsx";
import { formatShowDateTime } from "../../lib/show-format.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { StaffTable } from "../../components/staff/TableScroller.tsx";
import { useStaffShows } from "../../api/staff-api.ts";

/**
 * /staff/shows: the shows of the campers the staff member reaches with their review state, filtered by
 * state and searched by title or camper; the director also sets the retention rule here.
 */
export function StaffShowsPage() {
  usePageTitle("Campers' shows");
  const { user } = useAuth();
  const [state, setState] = useState<ReviewState | "">("waiting");
  const [q, setQ] = useState("");
  const stateId = useId();
  const searchId = useId();
  const { data: shows, error, isPending } = useStaffShows({ state: state || undefined, q });

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Campers' shows</h1>
        <StaffNav />
      </header>
      {user?.role === "admin" && <RetentionPanel />}
      {/* The director's alone (PUT is admin-only). */}
      {user?.role === "admin" && <CampSettingsPanel />}
      <div className="flex flex-wrap items-end gap-4" role="search">
        <div className="grid gap-1">
          <Label htmlFor={stateId}>State</Label>
          <select
            id={stateId}
            value={state}
            onChange={(e) => setState(e.target.value as ReviewState | "")}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
          >
            <option value="">All states</option>
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-[16rem] flex-1 gap-1">
          <Label htmlFor={searchId}>Search title or camper</Label>
          <Input id={searchId} type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>
      {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
      {isPending && <Spinner label="Loading shows" />}
      {shows && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {shows.length === 1 ? "1 show" : `${shows.length} shows`}
          </p>
          {shows.length > 0 && (
            <StaffTable label="Campers' shows table" columns={["Show", "Camper", "State", "Last change"]}>
              {shows.map((show) => (
                <tr key={show.showId} className="border-b border-slate-200">
                  <td className="py-2 pr-4">
                    <Link href={`/staff/shows/${show.showId}`} className="inline-flex min-h-11 items-center font-semibold text-lake-700 underline">
                      {show.title}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{show.camperUsername}</td>
                  <td className="py-2 pr-4">
                    <ReviewStateBadge state={show.state} />
                    {show.changedSinceSent && <span className="ml-2 text-sm text-amber-900">{REVIEW_MESSAGES.changedSinceSent}</span>}
                  </td>
                  <td className="py-2">
                    <time dateTime={show.updatedAt}>{formatShowDateTime(show.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </StaffTable>
          )}
        </>
      )}
    </div>
  );
}
