import { Link, useRoute } from "wouter";
import { Button } from "../../components/ui/button.tsx";

/** The staff screens, with the current one marked for screen readers. */
export function StaffNav() {
  const [onBoard] = useRoute("/staff");
  const [onShows] = useRoute("/staff/shows");
  const [onAudit] = useRoute("/staff/audit");
  return (
    <nav aria-label="Staff" className="flex flex-wrap gap-2">
      <Button asChild variant={onBoard ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff" aria-current={onBoard ? "page" : undefined}>Cabin board</Link>
      </Button>
      <Button asChild variant={onShows ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff/shows" aria-current={onShows ? "page" : undefined}>Campers' shows</Link>
      </Button>
      <Button asChild variant={onAudit ? "secondary" : "ghost"} size="sm" className="min-h-11">
        <Link href="/staff/audit" aria-current={onAudit ? "page" : undefined}>Audit log</Link>
      </Button>
    </nav>
  );
}
