import { Link, useLocation, useSearch } from "wouter";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { CenteredSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../api/client.ts";
import { ContinueToEditingButton } from "../../features/recorder/ContinueToEditingButton.tsx";
import { LazyRecorder } from "../../features/recorder/LazyRecorder.tsx";
import { isValidShowId, useShow } from "../../api/shows-api.ts";
import { NewShow } from "../../features/create/NewShow.tsx";
import { ShowEditor, type ShowEditorSlots } from "../../features/create/ShowEditor.tsx";

/** The recorder's parts on the Create screen. */
const STORY_SLOTS: ShowEditorSlots = {
  recorder: (props) => <LazyRecorder {...props} />,
  continueButton: (props) => <ContinueToEditingButton {...props} />,
};

/** /home and /record create a story; /edit?id= and /record?id= open a saved one in editing mode. */
export function CreatePage() {
  const search = useSearch();
  const idParam = new URLSearchParams(search).get("id");
  if (idParam !== null) return <EditShow idParam={idParam} />;
  return <NewShow slots={STORY_SLOTS} />;
}

function EditShow({ idParam }: { idParam: string }) {
  const valid = isValidShowId(idParam);
  // Always fresh: this screen sends the show back, so it must start from what the server has now.
  const { data: show, error, isFetchedAfterMount } = useShow(idParam, true, { fresh: true });
  const notFound = !valid || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  const [location] = useLocation();
  // /record?id= and /edit?id= open the same editor at different steps; each route has its own title.
  const action = location === "/record" ? "Record for" : "Edit";
  usePageTitle(show ? `${action} ${show.title}` : notFound ? "Show not found" : error ? "Could not load this show" : "Loading show");
  if (notFound) return <ShowNotFound />;
  if (!error && (!show || !isFetchedAfterMount)) return <CenteredSpinner />;
  if (error || !show) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">We couldn't load this show</h1>
        <p role="alert" className="mt-2 text-red-800">
          Could not load this show. {error?.message}
        </p>
      </div>
    );
  }
  return <ShowEditor key={show.id} show={show} editingMode slots={STORY_SLOTS} />;
}

function ShowNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Show Not Found</h1>
      <p className="mt-2 text-slate-700">The show you're looking for doesn't exist or you don't have permission to view it.</p>
      <Button asChild variant="link" className="mt-4">
        <Link href="/shows">Back to My Shows</Link>
      </Button>
    </div>
  );
}
