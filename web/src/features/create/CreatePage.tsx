import { ArrowRight, CheckCircle2, CloudOff, FilePlus2, Loader2, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { SHOW_MESSAGES } from "../../../../contracts/recordings-constants.ts";
import type { Show } from "../../../../contracts/recordings.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { CenteredSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/local-store.ts";
import { cn } from "../../lib/utils.ts";
import { AiStatusCard } from "../ai/AiStatusCard.tsx";
import { CustomRequestBox } from "../ai/CustomRequestBox.tsx";
import { NarrationPanel } from "../ai/NarrationPanel.tsx";
import { useNarrationGenerator } from "../ai/use-narration-generator.ts";
import { useAuth } from "../auth/auth-context.tsx";
import type { ClipItem } from "../recorder/clip-items.ts";
import { ContinueToEditingButton } from "../recorder/ContinueToEditingButton.tsx";
import { LazyRecorder } from "../recorder/LazyRecorder.tsx";
import { isValidShowId, useShow } from "../shows/shows-api.ts";
import { useCreateSettings } from "./create-settings.ts";
import { CreateTopBar } from "./CreateTopBar.tsx";
import { EditingBanner } from "./EditingBanner.tsx";
import { ReflectionGuide } from "./ReflectionGuide.tsx";
import { hasAnyAnswer, useReflectionAnswers } from "./reflection-answers.ts";
import { STORY_STEPS, StoryProgress } from "./StoryProgress.tsx";
import { syncStatusText, useStorySync, writtenNarration, type SyncStatus } from "./use-story-sync.ts";
import { usePageTitle } from "../../app/page-title.ts";

/** /home and /record create a story; /edit?id= and /record?id= open a saved one in editing mode. */
export function CreatePage() {
  const search = useSearch();
  const idParam = new URLSearchParams(search).get("id");
  if (idParam !== null) return <EditShow idParam={idParam} />;
  return <NewStory />;
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
  return <StoryEditor key={show.id} show={show} editingMode />;
}

const draftIdKey = (userId: number) => `ss:${userId}:draft-id`;
const draftKeyKey = (userId: number) => `ss:${userId}:draft-key`;

/** A random key for a story being created (getRandomValues works on plain-http camp networks too). */
function newDraftKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The device's key for its new story, kept across reloads so a repeated create finds the show it made. */
function deviceDraftKey(userId: number, fresh = false): string {
  const kept = fresh ? undefined : readLocal<unknown>(draftKeyKey(userId), undefined);
  if (typeof kept === "string" && /^[0-9a-f]{32}$/.test(kept)) return kept;
  const key = newDraftKey();
  writeLocal(draftKeyKey(userId), key);
  return key;
}
const newAnswersKey = (userId: number) => `ss:${userId}:answers:new`;

/**
 * A new story. Once saved, its show's id is remembered on the device, and coming back (a reload,
 * another day) opens that show as the server has it: answers, script, title and choices.
 */
function NewStory() {
  const { user } = useAuth();
  const userId = user!.id;
  const [story, setStory] = useState(() => ({
    generation: 0,
    draftKey: deviceDraftKey(userId),
    draftId: readLocal<{ id?: unknown } | undefined>(draftIdKey(userId), undefined)?.id,
  }));
  const draftId = typeof story.draftId === "number" && isValidShowId(String(story.draftId)) ? String(story.draftId) : undefined;
  const draft = useShow(draftId, draftId !== undefined, { fresh: true });
  const missing = draft.error instanceof ApiError && (draft.error.status === 404 || draft.error.status === 400);

  useEffect(() => {
    // The remembered show was deleted elsewhere: start afresh (the answers on the device stay).
    if (missing) {
      removeLocal(draftIdKey(userId));
      setStory((s) => ({ ...s, draftId: undefined }));
    }
  }, [missing, userId]);

  // Loaded once per story: later saves update the cache, not the editor's starting point.
  const [loaded, setLoaded] = useState<Show | undefined>(undefined);
  const ready = draftId === undefined || loaded !== undefined || (draft.data !== undefined && draft.isFetchedAfterMount);
  useEffect(() => {
    if (draftId !== undefined && loaded === undefined && draft.data && draft.isFetchedAfterMount) setLoaded(draft.data);
  }, [draftId, loaded, draft.data, draft.isFetchedAfterMount]);

  if (draftId !== undefined && draft.error && !missing) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-red-800">
        Could not load your story. {draft.error.message}
      </p>
    );
  }
  if (!ready) return <CenteredSpinner />;

  function startNewStory() {
    removeLocal(draftIdKey(userId));
    removeLocal(newAnswersKey(userId));
    setLoaded(undefined);
    setStory((s) => ({ generation: s.generation + 1, draftKey: deviceDraftKey(userId, true), draftId: undefined }));
  }

  return (
    <StoryEditor
      key={story.generation}
      show={draftId !== undefined ? (loaded ?? draft.data) : undefined}
      editingMode={false}
      draftKey={story.draftKey}
      onCreated={(show) => writeLocal(draftIdKey(userId), { id: show.id })}
      onStartNew={startNewStory}
    />
  );
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

function SyncIndicator({ status, failure, hasShow }: { status: SyncStatus; failure: string | null; hasShow: boolean }) {
  const Icon = status === "pending" || status === "saving" ? Loader2 : status === "failed" ? CloudOff : CheckCircle2;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="story-save-status"
      data-state={status}
      // min-w-0 and max-w-full: on a 320 px phone the sentence wraps inside the row instead of widening it.
      className={cn("flex min-w-0 max-w-full items-center gap-1.5 text-sm font-medium", status === "failed" ? "text-red-800" : "text-slate-700")}
    >
      {(hasShow || status !== "idle") && (
        <Icon aria-hidden="true" className={cn("size-4 shrink-0", (status === "pending" || status === "saving") && "animate-spin")} />
      )}
      <span className="min-w-0">{syncStatusText(status, failure, hasShow)}</span>
    </p>
  );
}

function StepHeading({ index, children }: { index: number; children: string }) {
  return (
    <h2 id={`${STORY_STEPS[index]!.anchor}-heading`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white">
        {index + 1}
      </span>
      <span>
        <span className="sr-only">Step {index + 1}: </span>
        {children}
      </span>
    </h2>
  );
}

function StoryEditor({
  show,
  editingMode,
  draftKey,
  onCreated,
  onStartNew,
}: {
  show?: Show;
  editingMode: boolean;
  /** A new story's device key, sent with its create (see useStorySync). */
  draftKey?: string;
  onCreated?: (show: Show) => void;
  onStartNew?: () => void;
}) {
  const { user } = useAuth();
  const userKey = `ss:${user!.id}`;
  const [location] = useLocation();
  usePageTitle(editingMode ? null : location === "/record" ? "Record" : "Create");

  const { settings, setTone, setVideoFormat, setLengthSeconds } = useCreateSettings(
    `${userKey}:create-settings`,
    show && { tone: show.tone, videoFormat: show.videoFormat, lengthSeconds: show.lengthSeconds },
  );
  const { answers, setAnswer, markSaved, storageFailed } = useReflectionAnswers(
    editingMode ? `${userKey}:answers:show-${show!.id}` : `${userKey}:answers:new`,
    show && { answers: show.responses, savedAt: show.updatedAt },
  );
  const [validation, setValidation] = useState<string | null>(null);
  const [title, setTitle] = useState(show?.title ?? "");
  const [clips, setClips] = useState<ClipItem[]>([]);

  // The generator needs the save, the save needs the generator's text: a ref joins them.
  const saveRef = useRef<(generated: string) => void>(() => undefined);
  const generator = useNarrationGenerator({
    responses: answers,
    tone: settings.tone,
    lengthSeconds: settings.lengthSeconds,
    initialNarration: show ? writtenNarration(show) : undefined,
    initialOriginal: show?.originalNarration,
    // A narration the AI wrote is the camper's work now: keep it on the server at once.
    onGenerated: (content) => saveRef.current(content),
  });

  const sync = useStorySync({
    initialShow: show,
    editingMode,
    values: { answers, narration: generator.narration, original: generator.original, title, settings },
    draftKey,
    onCreated,
  });
  saveRef.current = (generated) => sync.save.mutate({ automatic: true, generated });
  const savedShow = sync.show;

  // Once the server holds the answers, the device copy is no longer the only one.
  const savedAt = savedShow?.updatedAt;
  useEffect(() => {
    if (savedAt && sync.status === "saved") markSaved();
  }, [savedAt, sync.status, markSaved]);

  // Recording first: the first clip the server has creates the story, with the clip on it.
  const savedClipIds = clips.filter((c) => c.state === "saved" && c.serverId !== null).map((c) => c.serverId!);
  const firstClip = savedClipIds[0];
  const { createWithClips } = sync;
  useEffect(() => {
    if (!savedShow && firstClip !== undefined) void createWithClips([firstClip]);
  }, [savedShow, firstClip, createWithClips]);

  const canSave = hasAnyAnswer(answers);
  function onSave() {
    if (!canSave) {
      setValidation(SHOW_MESSAGES.needsResponse);
      return;
    }
    setValidation(null);
    sync.save.mutate({});
  }

  const existing = savedShow !== undefined;
  const buttonLabel = existing ? "Update Recording" : "Create Recording";
  const pendingLabel = existing ? "Updating..." : "Saving...";
  const done = {
    reflect: canSave,
    script: generator.narration.trim().length > 0,
    record: clips.length > 0,
    editor: false,
  };
  const showId = savedShow?.id ?? null;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6">
      {editingMode && <EditingBanner title={show!.title} id={show!.id} />}
      <h1 className="sr-only">{editingMode ? `Edit ${show!.title}` : "Create your story"}</h1>
      <StoryProgress done={done} />
      <CreateTopBar
        settings={settings}
        onToneChange={setTone}
        onFormatChange={setVideoFormat}
        onLengthChange={setLengthSeconds}
        actions={<ContinueToEditingButton showId={showId} hasClips={clips.length > 0} />}
      />
      {/* grid-cols-1 (minmax(0, 1fr)), not an implicit auto column: a wide child must not widen the page at 320 px. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <section id={STORY_STEPS[0].anchor} aria-labelledby={`${STORY_STEPS[0].anchor}-heading`} className="grid scroll-mt-4 grid-cols-1 gap-3">
            <StepHeading index={0}>Reflect on your summer</StepHeading>
            <ReflectionGuide
              answers={answers}
              onAnswerChange={setAnswer}
              onAnswerBlur={() => {
                generator.maybeGenerate();
                void sync.flush();
              }}
              onTabChange={() => generator.maybeGenerate()}
            />
            {storageFailed && (
              <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                This browser would not let us save your answers on the device. Save your story now so nothing is lost.
              </p>
            )}
          </section>

          <section id={STORY_STEPS[1].anchor} aria-labelledby={`${STORY_STEPS[1].anchor}-heading`} className="grid scroll-mt-4 grid-cols-1 gap-3">
            <StepHeading index={1}>Write your script</StepHeading>
            <NarrationPanel generator={generator} title={title} onTitleChange={setTitle}>
              <CustomRequestBox generator={generator} />
            </NarrationPanel>
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={onSave} disabled={!canSave || sync.save.isPending} size="lg">
                <Save aria-hidden="true" />
                {sync.save.isPending ? pendingLabel : buttonLabel}
              </Button>
              {!editingMode && savedShow && (
                <>
                  <Button asChild variant="link">
                    <Link href={`/shows/${savedShow.id}`}>View saved show</Link>
                  </Button>
                  <Button variant="ghost" onClick={onStartNew}>
                    <FilePlus2 aria-hidden="true" />
                    Start a new story
                  </Button>
                </>
              )}
              <SyncIndicator status={sync.status} failure={sync.failure} hasShow={existing} />
              {!canSave && <p className="text-sm text-slate-600">Answer at least one prompt to save.</p>}
            </div>
            {validation && (
              <p role="alert" className="text-sm text-red-800">
                {validation}
              </p>
            )}
          </section>

          <section id={STORY_STEPS[2].anchor} aria-labelledby={`${STORY_STEPS[2].anchor}-heading`} className="grid scroll-mt-4 grid-cols-1 gap-3">
            <StepHeading index={2}>Record your clips</StepHeading>
            {/* Its code comes at once on /record and for a saved story (its clips count for the steps
                above), else as the camper nears this step (decision 029a). */}
            <LazyRecorder
              now={location === "/record" || showId !== null}
              lengthSeconds={settings.lengthSeconds}
              narration={generator.narration}
              savedScript={savedShow?.narration ?? null}
              userId={user!.id}
              showId={showId}
              videoFormat={settings.videoFormat}
              onClipsChange={setClips}
            />
          </section>

          <section id={STORY_STEPS[3].anchor} aria-labelledby={`${STORY_STEPS[3].anchor}-heading`} className="grid scroll-mt-4 grid-cols-1 gap-3">
            <StepHeading index={3}>Voice, look and final video</StepHeading>
            <Card>
              <CardContent className="grid gap-3 pt-6">
                <p className="text-sm text-slate-700">
                  In the editor you polish the script, choose the sound (your clips' own or an AI voice reading the script),
                  how the picture fills the frame, captions, and then make and download the final video.
                </p>
                {clips.length > 0 ? (
                  <ContinueToEditingButton showId={showId} hasClips className="justify-self-start" />
                ) : (
                  <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
                    <ArrowRight aria-hidden="true" className="size-4" />
                    Record a clip first: the editor works with your clips.
                  </p>
                )}
              </CardContent>
            </Card>
          </section>
        </div>
        <aside aria-label="AI service and help" className="grid content-start gap-6">
          <AiStatusCard />
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">How it works</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
                <li>Pick the style, length and the platform you want to share on.</li>
                <li>Reflect: answer the five prompts in your own words.</li>
                <li>Script: press Generate AI Content. The AI turns your answers into a script you can edit.</li>
                <li>Record: film one clip or several with your camera; the script scrolls by as a teleprompter.</li>
                <li>
                  Editor: press Continue to Editing to choose the voice, the look and captions, then make the final video and
                  download the .mp4. Everything is saved as you go and shows up in My Shows.
                </li>
              </ol>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
