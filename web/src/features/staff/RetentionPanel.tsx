import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { RetentionAnnouncement, RetentionRule } from "../../../../contracts/retention.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { apiRequest, errorMessage, getJson, sendJson } from "../../api/client.ts";
import { needsPassword, usePasswordCheck } from "../../components/auth/password-check.tsx";
import { apiKeys } from "../../api/keys.ts";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Staff: the camp's media retention rule, what it will delete, and a warning in its last week. */
export function RetentionPanel() {
  const client = useQueryClient();
  const startsId = useId();
  const daysId = useId();
  const { data } = useQuery({ queryKey: apiKeys.staffRetention, queryFn: ({ signal }) => getJson<RetentionAnnouncement>("/api/staff/retention", { signal }) });
  const [startsOn, setStartsOn] = useState("");
  const [afterDays, setAfterDays] = useState("30");
  // Both decide whether every camper's media is deleted: the staff member's password comes first.
  const passwordCheck = usePasswordCheck();
  const save = useMutation({
    mutationFn: () => sendJson<RetentionRule>("PUT", "/api/staff/retention", { startsOn, afterDays: Number(afterDays) }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffRetention }),
    onError: (error) => {
      if (needsPassword(error)) passwordCheck.retry(() => save.mutate());
    },
  });
  // Staff change their minds: a rule not yet run can be taken back, and then nothing is deleted.
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/staff/retention"),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeys.staffRetention }),
    onError: (error) => {
      if (needsPassword(error)) passwordCheck.retry(() => remove.mutate());
    },
  });
  const rule = data?.rule && !data.rule.executedAt ? data.rule : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    passwordCheck.whenConfirmed(() => save.mutate());
  };
  // With the password fresh the dialog waits for the removal; else it closes and the password is asked.
  const confirmRemoval = () => (passwordCheck.fresh() ? remove.mutateAsync() : passwordCheck.whenConfirmed(() => remove.mutate()));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Media retention</CardTitle>
        <CardDescription>Delete campers' clips, voice recordings and videos some days after a date. Accounts and scripts stay.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data?.warning && rule && (
          <p role="alert" data-testid="retention-warning" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
            On {formatDay(rule.deleteAt)} the retention rule deletes {data.items.length} media items of {data.campers} campers.
          </p>
        )}
        {rule ? (
          <div className="grid justify-items-start gap-2">
            <p data-testid="retention-rule">
              Campers' media made before <strong>{formatDay(rule.deleteAt)}</strong> is deleted then ({rule.afterDays} days after {rule.startsOn}).{" "}
              {data?.items.length ?? 0} items are announced.
            </p>
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline">
                  Remove retention rule
                </Button>
              }
              title="Remove the retention rule?"
              description="Nothing will be deleted on that date. Campers are no longer told their media will be deleted."
              confirmLabel="Remove rule"
              pendingLabel="Removing..."
              cancelLabel="Keep it"
              onConfirm={confirmRemoval}
            />
          </div>
        ) : (
          <p>No retention rule is set.</p>
        )}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1">
            <Label htmlFor={startsId}>Count from (date)</Label>
            <Input id={startsId} type="date" required value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={daysId}>Days after</Label>
            <Input id={daysId} type="number" min={0} required value={afterDays} onChange={(e) => setAfterDays(e.target.value)} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            Set retention rule
          </Button>
        </form>
        {save.isError && !needsPassword(save.error) && <p role="alert" className="text-red-800">{errorMessage(save.error)}</p>}
        {remove.isError && !needsPassword(remove.error) && <p role="alert" className="text-red-800">{errorMessage(remove.error)}</p>}
        {passwordCheck.dialog}
      </CardContent>
    </Card>
  );
}
