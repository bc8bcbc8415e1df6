import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "wouter";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { LoadingStatus } from "../../components/ui/spinner.tsx";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { RenderPanel } from "../../features/render/RenderPanel.tsx";
import { BackToShow } from "../../components/shows/BackToShow.tsx";
import { ShowNotFound } from "../../components/shows/ShowNotFound.tsx";
import { isValidShowId, useShow } from "../../api/shows-api.ts";
import { VoicePanel } from "../../features/voice/VoicePanel.tsx";
import { scriptSavedForVoice } from "../../api/voice-api.ts";
import { NarrationEditor } from "../../features/narration-editor/NarrationEditor.tsx";

/** /shows/:id/narration: the narration editing screen of one of the camper's shows. */
export function NarrationEditorPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const valid = isValidShowId(id);
  // Always fresh from the server: the screen starts editing from what the server has now.
  const query = useShow(id, true, { fresh: true });
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  usePageTitle(
    query.data
      ? `Narration and voice: ${query.data.title}`
      : notFound
        ? "Show not found"
        : query.status === "error"
          ? "Could not load this show"
          : "Loading show",
  );

  if (!valid) return <ShowNotFound />;

  if (query.status === "error") {
    if (query.error instanceof ApiError && query.error.status === 404) return <ShowNotFound />;
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">We couldn't load this show</h1>
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {errorMessage(query.error)}
        </p>
        <div>
          <BackToShow showId={id} />
        </div>
      </div>
    );
  }

  if (!query.data || !query.isFetchedAfterMount || !user) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadingStatus>Loading show...</LoadingStatus>
      </div>
    );
  }

  return (
    <NarrationEditor
      key={`${user.id}:${query.data.id}`}
      show={query.data}
      userId={user.id}
      voicePanel={(props) => <VoicePanel {...props} />}
      renderPanel={(props) => <RenderPanel {...props} />}
      onScriptSaved={(showId) => scriptSavedForVoice(queryClient, showId)}
    />
  );
}
