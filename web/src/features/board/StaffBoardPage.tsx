import { useId, useState } from "react";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { CamperCard } from "./CamperCard.tsx";
import { PrintCardsLinks } from "./PrintCardsLinks.tsx";
import { useBoard } from "../../api/board-api.ts";

const selectClass = "min-h-11 rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900";

/**
 * /staff: the cabin board, a counselor's home. Their campers as cards (one column on a phone), videos to
 * review first; the director sees every cabin and filters by session and cabin.
 */
export function StaffBoardPage() {
  usePageTitle("Cabin board");
  const [cabin, setCabin] = useState<number | undefined>();
  const [session, setSession] = useState<number | undefined>();
  const cabinId = useId();
  const sessionId = useId();
  const { data: board, error, isPending } = useBoard({ cabin, session });
  const waiting = board?.campers.filter((c) => c.waiting).length ?? 0;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Cabin board</h1>
        <StaffNav />
      </header>
      {board && (board.cabins.length > 1 || board.sessions.length > 0) && (
        <div className="flex flex-wrap items-end gap-4" role="search" aria-label="Filter campers">
          {board.cabins.length > 1 && (
            <div className="grid gap-1">
              <Label htmlFor={cabinId}>Cabin</Label>
              <select id={cabinId} className={selectClass} value={cabin ?? ""} onChange={(e) => setCabin(e.target.value ? Number(e.target.value) : undefined)}>
                <option value="">All cabins</option>
                {board.cabins.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {board.sessions.length > 0 && (
            <div className="grid gap-1">
              <Label htmlFor={sessionId}>Session</Label>
              <select
                id={sessionId}
                className={selectClass}
                value={session ?? ""}
                onChange={(e) => setSession(e.target.value ? Number(e.target.value) : undefined)}
              >
                <option value="">All sessions</option>
                {board.sessions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
      <PrintCardsLinks cabinId={cabin} />
      {error && (
        <p role="alert" className="text-red-800">
          {errorMessage(error)}
        </p>
      )}
      {isPending && <Spinner label="Loading the cabin board" />}
      {board && (
        <>
          <p className="text-slate-900" aria-live="polite">
            {board.campers.length === 1 ? "1 camper" : `${board.campers.length} campers`}
            {waiting > 0 && ` · ${waiting === 1 ? "1 camper has a video" : `${waiting} campers have videos`} to review`}
          </p>
          {board.campers.length === 0 ? (
            <p className="text-slate-900">No campers here yet. Campers appear once the roster places them in a cabin you look after.</p>
          ) : (
            <ul aria-label="Campers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {board.campers.map((camper) => (
                <CamperCard key={camper.id} camper={camper} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
