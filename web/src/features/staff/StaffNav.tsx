import { Link, useRoute } from "wouter";
import { Button } from "../../components/ui/button.tsx";

/** The staff screens, with the current one marked for screen readers. */
export function StaffNav() {
  const [onShows] = useRoute("/staff");
  const [onAudit] = useRoute("/staff/audit");
  const [onReels] = useRoute("/staff/reels/*?");
  return (
    <nav aria-label="Staff" className="flex flex-wrap gap-2">
      <Button asChild variant={onShows ? "secondary" : "ghost"} size="sm">
        <Link href="/staff" aria-current={onShows ? "page" : undefined}>Campers' shows</Link>
      </Button>
      <Button asChild variant={onReels ? "secondary" : "ghost"} size="sm">
        <Link href="/staff/reels" aria-current={onReels ? "page" : undefined}>Cabin reels</Link>
      </Button>
      <Button asChild variant={onAudit ? "secondary" : "ghost"} size="sm">
        <Link href="/staff/audit" aria-current={onAudit ? "page" : undefined}>Audit log</Link>
      </Button>
    </nav>
  );
}
