import { AudioLines, Clapperboard, Download, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { Show } from "../../../../contracts/shows.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { DraftBadge } from "../../components/shows/DraftBadge.tsx";
import { ReviewCard } from "./ReviewCard.tsx";
import { ShareCard } from "../../components/share/ShareCard.tsx";
import { ShowVideoCard } from "./ShowVideoCard.tsx";
import { DownloadMp4Button } from "../../components/render/DownloadMp4Button.tsx";
import { downloadTextFile } from "../../lib/download.ts";
import { formatShowDateTime, narrationFileText, safeFileName } from "../../lib/show-format.ts";
import { isValidShowId, useDeleteShow, useShow } from "../../api/shows-api.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { LoadingStatus } from "../../components/ui/spinner.tsx";
import { BackToShows, ShowNotFound } from "../../components/shows/ShowNotFound.tsx";

function DeleteShowButton({ show, onDeleted }: { show: Show; onDeleted: () => void }) {
  const [, navigate] = useLocation();
  const deleteShow = useDeleteShow();

  // The dialog stays open while the request runs; it closes by navigation or on failure.
  const confirm = () =>
    deleteShow.mutateAsync(show.id, {
      onSuccess: () => {
        onDeleted();
        navigate("/shows");
        toast({ title: "Show deleted" });
      },
      onError: (error) => {
        toast({ title: "Failed to delete show", description: errorMessage(error), variant: "destructive" });
      },
    });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete show
        </Button>
      }
      title="Delete this show?"
      description="This deletes the show and its clips for good. This can't be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}

function ShowDetail({ show, onDeleted }: { show: Show; onDeleted: () => void }) {
  const download = () => {
    const fileName = `${safeFileName(show.title)}.txt`;
    downloadTextFile(fileName, narrationFileText(show));
    toast({ title: "Download started", description: fileName });
  };

  const pairs = show.prompts.map((prompt, index) => ({ prompt, response: show.responses[index] ?? "" }));

  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <div>
        <BackToShows />
      </div>

      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-3xl font-bold text-lake-900">{show.title}</h1>
          {show.isDraft && <DraftBadge />}
        </div>
        <p className="text-sm text-slate-600">
          Created <time dateTime={show.createdAt}>{formatShowDateTime(show.createdAt)}</time>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={download}>
            <Download aria-hidden="true" />
            Download narration as text
          </Button>
          <Button asChild variant="secondary">
            <Link href={`/record?id=${show.id}`} aria-label={`Edit ${show.title}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/shows/${show.id}/narration`}>
              <AudioLines aria-hidden="true" />
              Edit narration &amp; voice
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/shows/${show.id}/shots`}>
              <Clapperboard aria-hidden="true" />
              Record to the script
            </Link>
          </Button>
          <DownloadMp4Button showId={show.id} title={show.title} size="default" />
          <DeleteShowButton show={show} onDeleted={onDeleted} />
        </div>
      </header>

      <ShowVideoCard show={show} />

      <ReviewCard showId={show.id} />

      <ShareCard showId={show.id} title={show.title} />

      <Card>
        <CardHeader>
          <CardTitle>Narration</CardTitle>
        </CardHeader>
        <CardContent>
          {show.narration?.trim() ? (
            <p className="whitespace-pre-wrap break-words leading-relaxed text-slate-900">{show.narration}</p>
          ) : (
            <p className="italic text-slate-600">No narration yet</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your reflections</CardTitle>
        </CardHeader>
        <CardContent>
          {pairs.length === 0 ? (
            <p className="italic text-slate-600">No reflections saved with this show.</p>
          ) : (
            <dl className="grid gap-5">
              {pairs.map(({ prompt, response }, index) => (
                <div key={index} className="grid gap-1 border-l-4 border-brand-500 pl-4">
                  <dt className="break-words font-semibold text-slate-900">{prompt}</dt>
                  <dd className="whitespace-pre-wrap break-words text-slate-700">
                    {response.trim() ? response : <span className="italic text-slate-600">No response provided</span>}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </CardContent>
      </Card>
    </article>
  );
}

export function ShowDetailPage() {
  const { id } = useParams<{ id: string }>();
  // Once deleted, the show's query must not run again (it would only 404) while we leave the page.
  const [deleted, setDeleted] = useState(false);
  const { data: show, status, error } = useShow(id, !deleted);
  const notFound = !isValidShowId(id) || (error instanceof ApiError && error.status === 404);
  usePageTitle(show?.title ?? (notFound ? "Show not found" : status === "error" ? "Could not load this show" : "Loading show"));

  if (deleted) return null;
  if (!isValidShowId(id)) return <ShowNotFound />;

  if (status === "pending") {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <LoadingStatus>Loading show...</LoadingStatus>
      </div>
    );
  }

  if (status === "error") {
    if (error instanceof ApiError && error.status === 404) return <ShowNotFound />;
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">We couldn't load this show</h1>
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {errorMessage(error)}
        </p>
        <div>
          <BackToShows />
        </div>
      </div>
    );
  }

  return <ShowDetail show={show} onDeleted={() => setDeleted(true)} />;
}
