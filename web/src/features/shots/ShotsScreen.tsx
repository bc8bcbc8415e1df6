import { Loader2 } from "lucide-react";
import { useId } from "react";
import type { Show } from "../../../../contracts/recordings.ts";
import { errorMessage } from "../../lib/api.ts";
import { firstShotToRecord } from "./shot-format.ts";
import { ShotList } from "./ShotList.tsx";
import { useShotList } from "./shots-api.ts";

/**
 * The shot list beside the recorder. The recorder follows one shot at a time (by number, which stays
 * meaningful when a merge or split gives shots new ids); it starts on the first shot without a take.
 */
export function ShotsScreen({ show }: { show: Show; userId: number }) {
  const query = useShotList(show.id);
  const ids = { shots: useId() };

  if (query.status === "pending") {
    return (
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-700" />
        <span>Cutting your script into shots...</span>
      </div>
    );
  }
  if (query.status === "error") {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        We couldn't load your shots. {errorMessage(query.error)}
      </p>
    );
  }

  const list = query.data;
  const count = list.shots.length;
  const current = firstShotToRecord(list);
  const wordsPerMinute = Math.round(list.wordsPerSecond * 60);

  return (
    <section aria-labelledby={ids.shots} className="grid min-w-0 content-start gap-3">
      <h2 id={ids.shots} className="text-xl font-semibold text-slate-900">
        Your shots ({count})
      </h2>
      <p className="text-sm text-slate-700">
        Times are guesses at your speaking pace (about {wordsPerMinute} words a minute). Split a long shot or merge two
        short ones so each is easy to say in one go.
      </p>
      <ShotList list={list} current={current} />
    </section>
  );
}
