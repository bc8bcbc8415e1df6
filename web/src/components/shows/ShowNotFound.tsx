import { AlertCircle, ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";

export function BackToShows() {
  return (
    <Button asChild variant="link" className="h-auto px-0">
      <Link href="/shows">
        <ArrowLeft aria-hidden="true" />
        Back to My Shows
      </Link>
    </Button>
  );
}

/**
 * A show that is not there (or not the camper's). Its own file, so the editor and the shot list, which
 * show it too, do not download the show page (its share card, QR code and video player) with it.
 */
export function ShowNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="size-7 shrink-0 text-red-800" />
            <h1 className="text-2xl font-bold text-slate-900">Show Not Found</h1>
          </div>
          <p className="text-slate-700">
            The show you're looking for doesn't exist or you don't have permission to view it.
          </p>
          <div>
            <BackToShows />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
