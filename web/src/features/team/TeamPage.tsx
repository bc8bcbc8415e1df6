import { useId, useState } from "react";
import type { StaffAccount } from "../../../../contracts/staff-team.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { needsPassword, usePasswordCheck } from "../../components/auth/password-check.tsx";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { AddStaffForm, ROLE_LABELS } from "./AddStaffForm.tsx";
import { cabinsFromText, useRemoveStaff, useStaffAccounts, useUpdateStaff } from "../../api/team-api.ts";

/** /staff/team (the director): the camp's staff, their roles and cabins; add, change and remove them. */
export function TeamPage() {
  usePageTitle("Staff team");
  const { data: staff, error, isPending } = useStaffAccounts();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Staff team</h1>
        <StaffNav />
      </header>
      {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
      {isPending && <Spinner label="Loading the staff" />}
      {staff && (
        <ul aria-label="Staff members" className="grid gap-3">
          {staff.map((member) => (
            <StaffMember key={member.id} member={member} />
          ))}
        </ul>
      )}
      <AddStaffForm />
    </div>
  );
}

function StaffMember({ member }: { member: StaffAccount }) {
  const id = useId();
  const [cabins, setCabins] = useState(member.cabins.join(", "));
  const update = useUpdateStaff();
  const remove = useRemoveStaff();
  const passwordCheck = usePasswordCheck();
  const problem = [update.error, remove.error].find((e) => e && !needsPassword(e));
  const removeNow = () =>
    remove.mutate(member.id, {
      onError: (e) => {
        if (needsPassword(e)) passwordCheck.retry(removeNow);
      },
    });
  return (
    <li className="grid gap-3 rounded-lg border border-slate-300 p-4">
      <p className="text-lg font-semibold text-slate-900">
        {member.username} <span className="font-normal text-slate-800">· {ROLE_LABELS[member.role]}</span>
        {member.isYou && <span className="font-normal text-slate-800"> (you)</span>}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-cabins`}>Cabins of {member.username}</Label>
          <Input id={`${id}-cabins`} className="min-h-11" value={cabins} onChange={(e) => setCabins(e.target.value)} />
        </div>
        <Button type="button" variant="outline" className="min-h-11" busy={update.isPending} onClick={() => update.mutate({ id: member.id, body: { cabins: cabinsFromText(cabins) } })}>
          Save cabins
        </Button>
        <Button
          type="button"
          variant="outline"
          className="min-h-11"
          onClick={() => update.mutate({ id: member.id, body: { role: member.role === "admin" ? "counselor" : "admin" } })}
        >
          {member.role === "admin" ? "Make counselor" : "Make director (admin)"}
        </Button>
        {!member.isYou && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="destructive" className="min-h-11">
                Remove {member.username}
              </Button>
            }
            title={`Remove ${member.username}?`}
            description="They are signed out at once and can't sign in again. The audit log keeps their name."
            confirmLabel="Remove"
            pendingLabel="Removing..."
            cancelLabel="Keep them"
            onConfirm={() => (passwordCheck.fresh() ? remove.mutateAsync(member.id).catch(() => undefined) : passwordCheck.whenConfirmed(removeNow))}
          />
        )}
      </div>
      {problem && <p role="alert" className="text-red-800">{errorMessage(problem)}</p>}
      {passwordCheck.dialog}
    </li>
  );
}
