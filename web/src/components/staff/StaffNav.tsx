import { Link, useRoute } from "wouter";
import { Button } from "../ui/button.tsx";
import { useAuth } from "../../api/auth-context.tsx";

/** The staff screens (the director also has the roster and the team), with the current one marked for screen readers. */
export function StaffNav() {
  const { user } = useAuth();
  const [onBoard] = useRoute("/staff");
  const [onShows] = useRoute("/staff/shows");
  const [onAudit] = useRoute("/staff/audit");
  const [onRoster] = useRoute("/staff/roster");
  const [onTeam] = useRoute("/staff/team");
  const [onReels] = useRoute("/staff/reels/*?");
  return (
    <nav aria-label="Staff" className="flex flex-wrap gap-2">
      <Button asChild variant={onBoard ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff" aria-current={onBoard ? "page" : undefined}>Cabin board</Link>
      </Button>
      <Button asChild variant={onShows ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff/shows" aria-current={onShows ? "page" : undefined}>Campers' shows</Link>
      </Button>
      <Button asChild variant={onReels ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff/reels" aria-current={onReels ? "page" : undefined}>Cabin reels</Link>
      </Button>
      <Button asChild variant={onAudit ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff/audit" aria-current={onAudit ? "page" : undefined}>Audit log</Link>
      </Button>
      {user?.role === "admin" && (
        <>
          <Button asChild variant={onRoster ? "secondary" : "ghost"} size="sm" className="min-h-11">
            <Link href="/staff/roster" aria-current={onRoster ? "page" : undefined}>Roster</Link>
          </Button>
          <Button asChild variant={onTeam ? "secondary" : "ghost"} size="sm" className="min-h-11">
            <Link href="/staff/team" aria-current={onTeam ? "page" : undefined}>Staff team</Link>
          </Button>
        </>
      )}
    </nav>
  );
}
