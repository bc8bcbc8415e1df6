import { MapPin } from "lucide-react";
import { useId, useState } from "react";
import { ROSTER_LIMITS } from "../../../../contracts/roster-constants.ts";
import type { BoardCamper } from "../../../../contracts/board.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { useCampSessions } from "../../api/roster-api.ts";
import { usePlaceCamper, useStaffCabins } from "../../api/board-api.ts";
import { cardAction } from "./card-action.ts";

/**
 * The director places a camper in a cabin and session: "Place in a cabin" for a camper who registered
 * themselves (no cabin), "Move" for any other. Names are typed, with the camp's cabins and sessions
 * offered; a name the camp does not have yet makes a new one, as the roster does.
 */
export function PlaceCamperButton({ camper, name }: { camper: BoardCamper; name: string }) {
  const place = usePlaceCamper(camper.id);
  const [open, setOpen] = useState(false);
  const [cabin, setCabin] = useState("");
  const [session, setSession] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { cabin: useId(), session: useId(), problem: useId() };
  const placed = camper.cabin !== null;

  const submit = () => {
    const body = { cabin: cabin.trim(), session: session.trim() || null };
    if (!body.cabin) {
      setProblem(`Please name the cabin ${name} sleeps in.`);
      return;
    }
    return place.mutateAsync(body).then(
      (after) => {
        setOpen(false);
        toast({ title: `${name} is in ${[after.cabin, after.session].filter(Boolean).join(", ")}` });
      },
      (err: unknown) => setProblem(errorMessage(err)),
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setCabin(camper.cabin?.name ?? "");
        setSession(camper.session?.name ?? "");
        setProblem(null);
      }}
      trigger={
        <Button type="button" variant="outline" className={cardAction}>
          <MapPin aria-hidden="true" />
          {placed ? `Move ${name}` : `Place ${name} in a cabin`}
        </Button>
      }
      title={placed ? `Move ${name}` : `Place ${name} in a cabin`}
      description="Choose a cabin and a camp session the camp has, or type a new name to add one. Their counselors see them on the board at once."
      confirmLabel={placed ? "Move" : "Place"}
      confirmVariant="default"
      pendingLabel="Saving..."
      onConfirm={submit}
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.cabin}>Cabin</Label>
        <Input
          id={ids.cabin}
          list={`${ids.cabin}-names`}
          autoComplete="off"
          maxLength={ROSTER_LIMITS.cabinMax}
          value={cabin}
          onChange={(e) => setCabin(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.session}>Camp session (optional)</Label>
        <Input
          id={ids.session}
          list={`${ids.session}-names`}
          autoComplete="off"
          maxLength={ROSTER_LIMITS.sessionMax}
          value={session}
          onChange={(e) => setSession(e.target.value)}
        />
      </div>
      <KnownNames cabinsId={`${ids.cabin}-names`} sessionsId={`${ids.session}-names`} />
      {problem && (
        <p id={ids.problem} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The names offered: asked for only once a dialog is open (it mounts with the dialog), shared by every card's dialog. */
function KnownNames({ cabinsId, sessionsId }: { cabinsId: string; sessionsId: string }) {
  const cabins = useStaffCabins();
  const sessions = useCampSessions();
  return (
    <>
      <datalist id={cabinsId}>
        {cabins.data?.map((c) => <option key={c.id} value={c.name} />)}
      </datalist>
      <datalist id={sessionsId}>
        {sessions.data?.filter((s) => !s.deleteRequestedAt).map((s) => <option key={s.id} value={s.name} />)}
      </datalist>
    </>
  );
}
