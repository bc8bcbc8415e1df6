import { Link, useRoute } from "wouter";
import { Button } from "../../components/ui/button.tsx";

/** The two staff screens, with the current one marked for screen readers. */
export function StaffNav() {
  const [onShows] = useRoute("/staff");
  const [onAudit] = useRoute("/staff/audit");
  return (
    <nav aria-label="Staff" className="flex gap-2">
      <Button asChild variant={onShows ? "secondary" : "ghost"} size="sm">
        <Link href="/staff" aria-current={onShows ? "page" : undefined}>Campers' shows</Link>
      </Button>
      <Button asChild variant={onAudit ? "secondary" : "ghost"} size="sm">
        <Link href="/staff/audit" aria-current={onAudit ? "page" : undefined}>Audit log</Link>
      </Button>
    </nav>
  );
}
