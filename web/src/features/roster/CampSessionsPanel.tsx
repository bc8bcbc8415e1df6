import { errorMessage } from "../../api/client.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { StaffTable } from "../../components/staff/TableScroller.tsx";
import { useCampSessions, useDeleteCampSession } from "../../api/roster-api.ts";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

/** The camp's sessions, each with a way to delete its campers' accounts and data after the retention rule. */
export function CampSessionsPanel() {
  const { data: sessions, error } = useCampSessions();
  const remove = useDeleteCampSession();
  return (
    <section aria-labelledby="camp-sessions" className="grid min-w-0 gap-3">
      <h2 id="camp-sessions" className="text-xl font-semibold text-slate-900">
        Camp sessions
      </h2>
      {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
      {remove.error && <p role="alert" className="text-red-800">{errorMessage(remove.error)}</p>}
      {sessions && sessions.length === 0 && <p className="text-slate-800">No sessions yet: importing a roster makes them.</p>}
      {sessions && sessions.length > 0 && (
        <StaffTable label="Table of camp sessions" columns={["Session", "Campers", "Deletion"]}>
          {sessions.map((s) => (
            <tr key={s.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4">{s.name}</td>
              <td className="py-2 pr-4">{s.campers}</td>
              <td className="py-2">
                {s.deleteRequestedAt ? (
                  <span className="text-slate-900">
                    {s.deleteAt ? `Its campers' accounts and data are deleted on ${formatDay(s.deleteAt)}.` : "Waiting for a retention rule."}
                  </span>
                ) : (
                  <ConfirmDialog
                    trigger={
                      <Button type="button" variant="outline" className="min-h-11">
                        Delete session {s.name}
                      </Button>
                    }
                    title={`Delete session ${s.name}?`}
                    description="Its campers' accounts, shows, clips and videos are deleted when the retention rule's date passes. This can't be undone after that date."
                    confirmLabel="Delete session"
                    pendingLabel="Deleting..."
                    cancelLabel="Keep it"
                    onConfirm={() => remove.mutateAsync(s.id).catch(() => undefined)}
                  />
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
