import { useId, useState, type FormEvent } from "react";
import { STAFF_ROLES, type StaffRole } from "../../../../contracts/auth-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorMessage } from "../../api/client.ts";
import { needsPassword, usePasswordCheck } from "../../components/auth/password-check.tsx";
import { cabinsFromText, useAddStaff } from "../../api/team-api.ts";

export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Director (admin)", counselor: "Counselor" };

/** Adds a staff member: a username, a first password to hand over, a role and (counselors) cabins. */
export function AddStaffForm() {
  const id = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<StaffRole>("counselor");
  const [cabins, setCabins] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const add = useAddStaff();
  const passwordCheck = usePasswordCheck();
  const send = () =>
    add.mutate(
      { username: username.trim(), password, role, cabins: cabinsFromText(cabins) },
      {
        onSuccess: (made) => {
          setDone(`Added ${made.username}.`);
          setUsername("");
          setPassword("");
          setCabins("");
        },
        onError: (error) => {
          if (needsPassword(error)) passwordCheck.retry(send);
        },
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    passwordCheck.whenConfirmed(send);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Add a staff member
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input id={`${id}-username`} className="min-h-11" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-password`}>First password (at least 8 characters)</Label>
          <Input id={`${id}-password`} className="min-h-11" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-slate-900">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-cabins`}>Cabins (separated by commas)</Label>
          <Input id={`${id}-cabins`} className="min-h-11" value={cabins} onChange={(e) => setCabins(e.target.value)} placeholder="Pines, Cedars" />
        </div>
        {add.error && !needsPassword(add.error) && (
          <p role="alert" className="text-red-800 sm:col-span-2">
            {errorMessage(add.error)}
          </p>
        )}
        {done && (
          <p role="status" className="text-slate-900 sm:col-span-2">
            {done}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" className="min-h-11" busy={add.isPending}>
            Add staff member
          </Button>
        </div>
      </form>
      {passwordCheck.dialog}
    </section>
  );
}
