import { useQuery } from "@tanstack/react-query";
import { FilePlus2, Save } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { SHOW_MESSAGES, type Show } from "../../../../contracts/recordings.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { CenteredSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/local-store.ts";
import { AiStatusCard } from "../ai/AiStatusCard.tsx";
import { CustomRequestBox } from "../ai/CustomRequestBox.tsx";
import { NarrationPanel } from "../ai/NarrationPanel.tsx";
import { useNarrationGenerator } from "../ai/use-narration-generator.ts";
import { useAuth } from "../auth/auth-context.tsx";
import { ContinueToEditingButton } from "../recorder/ContinueToEditingButton.tsx";
import { Recorder } from "../recorder/Recorder.tsx";
import { useCreateSettings } from "./create-settings.ts";
import { CreateTopBar } from "./CreateTopBar.tsx";
import { EditingBanner } from "./EditingBanner.tsx";
import { ReflectionGuide } from "./ReflectionGuide.tsx";
import { hasAnyAnswer, useReflectionAnswers } from "./reflection-answers.ts";
import { useSaveShow } from "./use-save-show.ts";

/** /home and /record create a story; /edit?id= and /record?id= open a saved one in editing mode. */
export function CreatePage() {
  const search = useSearch();
  const idParam = new URLSearchParams(search).get("id");
  if (idParam !== null) return <EditShow idParam={idParam} />;
  return <StoryEditor key="new" />;
}

function EditShow({ idParam }: { idParam: string }) {
  const id = /^[1-9]\d{0,8}$/.test(idParam) ? Number(idParam) : null;
  const { data: show, error, isLoading } = useQuery<Show>({
    queryKey: [`/api/recordings/${id}`],
    enabled: id !== null,
  });
  if (id === null || (error instanceof ApiError && (error.status === 404 || error.status === 400))) return <ShowNotFound />;
  if (isLoading) return <CenteredSpinner />;
  if (error || !show) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-red-800">
        Could not load this show. {error?.message}
      </p>
    );
  }
  return <StoryEditor key={show.id} show={show} />;
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

function StoryEditor({ show }: { show?: Show }) {
  const { user } = useAuth();
  const userKey = `ss:${user!.id}`;
  const editingMode = show !== undefined;
  const draftIdKey = `${userKey}:draft-id`;

  const { settings, setTone, setVideoFormat, setLengthSeconds } = useCreateSettings(
    `${userKey}:create-settings`,
    show && { tone: show.tone, videoFormat: show.videoFormat, lengthSeconds: show.lengthSeconds },
  );
  const { answers, setAnswer, markSaved, clearAnswers, storageFailed } = useReflectionAnswers(
    editingMode ? `${userKey}:answers:show-${show.id}` : `${userKey}:answers:new`,
    show && { answers: show.responses, savedAt: show.updatedAt },
  );
  const [draft, setDraft] = useState<Pick<Show, "id" | "narration"> | undefined>(() =>
    editingMode ? undefined : readLocal<Pick<Show, "id" | "narration"> | undefined>(draftIdKey, undefined),
  );
  const [validation, setValidation] = useState<string | null>(null);
  const [title, setTitle] = useState(show?.title ?? "");
  const [clipCount, setClipCount] = useState(0);

  const existing = editingMode ? { id: show.id, narration: show.narration } : draft;
  // Saves are queued; each reads the show to update when it runs, so this must be current at once.
  const existingRef = useRef(existing);
  existingRef.current = existing;
  const save = useSaveShow({
    resolveExisting: () => existingRef.current,
    remember: (saved) => {
      const remembered = { id: saved.id, narration: saved.narration };
      existingRef.current = remembered;
      if (editingMode) {
        markSaved();
      } else {
        // The new story's answers stay on the device for the next save; the show's id is remembered.
        writeLocal(draftIdKey, remembered);
        setDraft(remembered);
      }
    },
  });
  const canSave = hasAnyAnswer(answers);

  const generator = useNarrationGenerator({
    responses: answers,
    tone: settings.tone,
    lengthSeconds: settings.lengthSeconds,
    initialNarration: show?.narration,
    // A narration the AI wrote is the camper's work now: keep it on the server at once.
    onGenerated: (content) =>
      save.mutate({ answers, settings, editingMode, narration: content, title, automatic: true }),
  });

  function onSave() {
    if (!canSave) {
      setValidation(SHOW_MESSAGES.needsResponse);
      return;
    }
    setValidation(null);
    save.mutate({ answers, settings, editingMode, narration: generator.narration, title });
  }

  function startNewStory() {
    removeLocal(draftIdKey);
    clearAnswers();
    setDraft(undefined);
  }

  const buttonLabel = existing ? "Update Recording" : "Create Recording";
  const pendingLabel = existing ? "Updating..." : "Saving...";

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6">
      {editingMode && <EditingBanner title={show.title} id={show.id} />}
      <h1 className="sr-only">{editingMode ? `Edit ${show.title}` : "Create your story"}</h1>
      <CreateTopBar
        settings={settings}
        onToneChange={setTone}
        onFormatChange={setVideoFormat}
        onLengthChange={setLengthSeconds}
        actions={<ContinueToEditingButton showId={existing?.id ?? null} hasClips={clipCount > 0} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <Recorder
            lengthSeconds={settings.lengthSeconds}
            narration={generator.narration}
            userId={user!.id}
            showId={existing?.id ?? null}
            onClipsChange={(clips) => setClipCount(clips.length)}
          />
          <ReflectionGuide
            answers={answers}
            onAnswerChange={setAnswer}
            onAnswerBlur={() => generator.maybeGenerate()}
            onTabChange={() => generator.maybeGenerate()}
          />
          {storageFailed && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This browser would not let us save your answers on the device. Save your story now so nothing is lost.
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={onSave} disabled={!canSave || save.isPending} size="lg">
              <Save aria-hidden="true" />
              {save.isPending ? pendingLabel : buttonLabel}
            </Button>
            {!editingMode && draft && (
              <>
                <Button asChild variant="link">
                  <Link href={`/shows/${draft.id}`}>View saved show</Link>
                </Button>
                <Button variant="ghost" onClick={startNewStory}>
                  <FilePlus2 aria-hidden="true" />
                  Start a new story
                </Button>
              </>
            )}
            {!canSave && <p className="text-sm text-slate-600">Answer at least one prompt to save.</p>}
          </div>
          {validation && (
            <p role="alert" className="text-sm text-red-800">
              {validation}
            </p>
          )}
          <NarrationPanel generator={generator} title={title} onTitleChange={setTitle}>
            <CustomRequestBox generator={generator} />
          </NarrationPanel>
        </div>
        <aside aria-label="AI service and help" className="grid content-start gap-6">
          <AiStatusCard />
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">How it works</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
                <li>Answer the five prompts in your own words.</li>
                <li>Pick the style, length and the platform you want to share on.</li>
                <li>Press Generate AI Content. The AI turns your answers into a script you can edit.</li>
                <li>Save your story. It shows up in My Shows.</li>
              </ol>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
