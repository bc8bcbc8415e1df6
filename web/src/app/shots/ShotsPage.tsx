import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import type { Show } from "../../../../contracts/shows.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { ShowNotFound } from "../../components/shows/ShowNotFound.tsx";
import { isValidShowId, useShow } from "../../api/shows-api.ts";
import { ShotsScreen } from "./ShotsScreen.tsx";
import { BackToShow } from "../../components/shows/BackToShow.tsx";
import { LoadingStatus } from "../../components/ui/spinner.tsx";

function Frame({ showId, children }: { showId: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-6xl gap-6 px-4 py-8">
      <div>
        <BackToShow showId={showId} />
      </div>
      {children}
    </div>
  );
}

/** The page's heading and what it is for, in a camper's words. */
function Intro({ show }: { show: Show }) {
  return (
    <header className="grid min-w-0 gap-2">
      <h1 className="text-3xl font-bold text-lake-900 sm:text-4xl">Record to the script</h1>
      <p className="break-words text-lg font-semibold text-slate-800">{show.title}</p>
      <p className="max-w-3xl text-slate-700">
        Your script is cut into short shots. Record one shot at a time while the teleprompter shows its lines. After
        each take we check which lines you said, so you only record again what you missed.
      </p>
    </header>
  );
}

/** /shows/:id/shots: the shot list of one of the camper's shows, and recording a take per shot. */
export function ShotsPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  const valid = isValidShowId(id);
  const query = useShow(id, valid);
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  usePageTitle(
    query.data
      ? `Record to the script: ${query.data.title}`
      : notFound
        ? "Show not found"
        : query.status === "error"
          ? "Could not load this show"
          : "Loading show",
  );

  if (notFound) return <ShowNotFound />;

  if (query.status === "error") {
    return (
      <Frame showId={id}>
        <h1 className="text-2xl font-bold text-slate-900">We couldn't load this show</h1>
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {errorMessage(query.error)}
        </p>
      </Frame>
    );
  }

  if (!query.data || !user) {
    return (
      <Frame showId={id}>
        <LoadingStatus>Loading show...</LoadingStatus>
      </Frame>
    );
  }

  const show = query.data;
  return (
    <Frame showId={id}>
      <Intro show={show} />
      {show.narration?.trim() ? (
        <ShotsScreen key={`${user.id}:${show.id}`} show={show} userId={user.id} />
      ) : (
        <NoScriptYet showId={show.id} />
      )}
    </Frame>
  );
}

function NoScriptYet({ showId }: { showId: number }) {
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <p className="text-slate-800">This show has no script yet. Write or make your narration first, then come back to record it shot by shot.</p>
        <div>
          <Button asChild>
            <Link href={`/shows/${showId}/narration`}>
              <FileText aria-hidden="true" />
              Write the narration
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
