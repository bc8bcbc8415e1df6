import { AUDIT_ACTION_LABELS } from "../../../../contracts/reviews-constants.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { formatShowDateTime } from "../../lib/show-format.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { StaffTable } from "../../components/staff/TableScroller.tsx";
import { useAuditLog } from "../../api/staff-api.ts";

/** /staff/audit: who on the staff did what, when. */
export function StaffAuditPage() {
  usePageTitle("Audit log");
  const { data: entries, error, isPending } = useAuditLog();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Audit log</h1>
        <StaffNav />
      </header>
      {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
      {isPending && <Spinner label="Loading the audit log" />}
      {entries && entries.length === 0 && <p className="text-slate-700">No staff actions yet.</p>}
      {entries && entries.length > 0 && (
        <StaffTable label="Audit log table" columns={["When", "Who", "What", "About"]}>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4">
                <time dateTime={e.createdAt}>{formatShowDateTime(e.createdAt)}</time>
              </td>
              <td className="py-2 pr-4">
                {e.staffUsername}
                {e.staffRole && <span className="block text-sm text-slate-800">{e.staffRole === "admin" ? "Director" : "Counselor"}</span>}
              </td>
              <td className="py-2 pr-4">
                {AUDIT_ACTION_LABELS[e.action]}
                {e.detail && <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{e.detail}</p>}
              </td>
              <td className="py-2">
                {[e.showTitle ?? (e.showId ? `show ${e.showId} (deleted)` : null), e.camperUsername].filter(Boolean).join(" by ")}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </div>
  );
}
