import { Eye, Pencil, Plus } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link } from "wouter";
import type { Show } from "../../../../contracts/shows.ts";
import { Button } from "../../components/ui/button.tsx";
import { DownloadMp4Button } from "../../components/render/DownloadMp4Button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { DraftBadge } from "../../components/shows/DraftBadge.tsx";
import { formatShowDate, narrationExcerpt } from "../../lib/show-format.ts";
import { useShowsPages } from "../../api/shows-api.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { LoadingStatus } from "../../components/ui/spinner.tsx";

function ShowCard({ show, viewLinkRef }: { show: Show; viewLinkRef?: (el: HTMLAnchorElement | null) => void }) {
  const excerpt = narrationExcerpt(show.narration);
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words text-lg">{show.title}</CardTitle>
          {show.isDraft && <DraftBadge />}
        </div>
        <p className="text-sm text-slate-600">
          Created <time dateTime={show.createdAt}>{formatShowDate(show.createdAt)}</time>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        {excerpt ? (
          <p className="break-words text-sm text-slate-700">{excerpt}</p>
        ) : (
          <p className="text-sm italic text-slate-600">No narration yet</p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={`/shows/${show.id}`} aria-label={`View ${show.title}`} ref={viewLinkRef}>
            <Eye aria-hidden="true" />
            View
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={`/edit?id=${show.id}`} aria-label={`Edit ${show.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <DownloadMp4Button showId={show.id} title={show.title} />
      </CardFooter>
    </Card>
  );
}

export function ShowsPage() {
  const { data, status, error, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useShowsPages();
  const shows = useMemo(() => data?.pages.flatMap((page) => page.shows) ?? [], [data]);
  usePageTitle("My shows");

  // After "Show more", keyboard focus moves to the first newly shown card instead of staying at the
  // bottom (or being lost when the button disappears on the last page).
  const viewLinks = useRef(new Map<number, HTMLAnchorElement>());
  const focusIndexAfterLoad = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndexAfterLoad.current;
    if (index === null || index >= shows.length) return;
    focusIndexAfterLoad.current = null;
    const show = shows[index];
    if (show) viewLinks.current.get(show.id)?.focus();
  }, [shows]);

  const showMore = () => {
    focusIndexAfterLoad.current = shows.length;
    void fetchNextPage();
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-lake-900">My Shows</h1>
        {shows.length > 0 && (
          <Button asChild variant="secondary">
            <Link href="/home">
              <Plus aria-hidden="true" />
              New story
            </Link>
          </Button>
        )}
      </div>

      {status === "pending" && <LoadingStatus>Loading shows...</LoadingStatus>}

      {status === "error" && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {error.message}
        </p>
      )}

      {status === "success" && shows.length === 0 && (
        <Card>
          <CardContent className="flex flex-col items-start gap-4 pt-6">
            <p className="text-slate-700">You haven't saved any shows yet.</p>
            <Button asChild>
              <Link href="/home">
                <Plus aria-hidden="true" />
                Create your first story
              </Link>
            </Button>
          </CardContent>
        </Card>
      )}

      {shows.length > 0 && (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your shows">
            {shows.map((show) => (
              <li key={show.id}>
                <ShowCard
                  show={show}
                  viewLinkRef={(el) => {
                    if (el) viewLinks.current.set(show.id, el);
                    else viewLinks.current.delete(show.id);
                  }}
                />
              </li>
            ))}
          </ul>
          <p className="sr-only" aria-live="polite">
            {`Showing ${shows.length} ${shows.length === 1 ? "show" : "shows"}`}
          </p>
          {isFetchNextPageError && (
            <p role="alert" className="mt-4 text-red-800">
              {error?.message}
            </p>
          )}
          {hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={showMore} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? "Loading more..." : "Show more"}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
