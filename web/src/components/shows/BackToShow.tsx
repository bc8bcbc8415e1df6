import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../ui/button.tsx";

/** The link back to a show's page, at the top of the screens that work on one show. */
export function BackToShow({ showId }: { showId: string | number }) {
  return (
    <Button asChild variant="link" className="h-auto px-0">
      <Link href={`/shows/${showId}`}>
        <ArrowLeft aria-hidden="true" />
        Back to show
      </Link>
    </Button>
  );
}
