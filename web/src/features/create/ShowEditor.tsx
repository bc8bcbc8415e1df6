import { FilePlus2, Save } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { SHOW_MESSAGES } from "../../../../contracts/shows-constants.ts";
import type { VideoFormatKey } from "../../../../contracts/product.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { AiStatusCard } from "./AiStatusCard.tsx";
import { CustomRequestBox } from "./CustomRequestBox.tsx";
import { NarrationPanel } from "./NarrationPanel.tsx";
import { useNarrationGenerator } from "./use-narration-generator.ts";
import { useAuth } from "../../api/auth-context.tsx";
import type { ClipItem } from "../../api/clip-items.ts";
import { useCreateSettings } from "./create-settings.ts";
import { CreateTopBar } from "./CreateTopBar.tsx";
import { EditingBanner } from "./EditingBanner.tsx";
import { ReflectionGuide } from "./ReflectionGuide.tsx";
import { hasAnyAnswer, useReflectionAnswers } from "./reflection-answers.ts";
import { ShowProgress } from "./ShowProgress.tsx";
import { FinalStepCard, HowItWorksCard, StorySection } from "./ShowSteps.tsx";
import { writtenNarration } from "./show-draft.ts";
import { SyncIndicator } from "./SyncIndicator.tsx";
import { useShowSync } from "./use-show-sync.ts";

/** What the Create screen places from the recorder: the recording step and the way to the editor. */
export interface ShowEditorSlots {
  /** The recording step; `now` fetches its code at once, else as the camper nears the step. */
  recorder: (props: {
    now: boolean;
    lengthSeconds: number;
    narration: string;
    savedScript: string | null;
    userId: number;
    showId: number | null;
    /** A new story's draft key; undefined when editing a saved story. */
    draftKey?: string;
    videoFormat: VideoFormatKey;
    onClipsChange: (clips: ClipItem[]) => void;
  }) => ReactNode;
  /** Continue to Editing (nothing while there is no clip). */
  continueButton: (props: { showId: number | null; hasClips: boolean; className?: string }) => ReactNode;
}

/** The Create screen's four steps for one story, new (no `show` yet) or saved. */
export function ShowEditor({
  show,
  editingMode,
  draftKey,
  onCreated,
  onStartNew,
  slots,
}: {
  slots: ShowEditorSlots;
  show?: Show;
  editingMode: boolean;
  /** A new story's device key, sent with its create (see useShowSync). */
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

  const sync = useShowSync({
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
      <ShowProgress done={done} />
      <CreateTopBar
        settings={settings}
        onToneChange={setTone}
        onFormatChange={setVideoFormat}
        onLengthChange={setLengthSeconds}
        actions={slots.continueButton({ showId, hasClips: clips.length > 0 })}
      />
      {/* grid-cols-1 (minmax(0, 1fr)), not an implicit auto column: a wide child must not widen the page at 320 px. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <StorySection index={0} heading="Reflect on your summer">
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
          </StorySection>

          <StorySection index={1} heading="Write your script">
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
          </StorySection>

          <StorySection index={2} heading="Record your clips">
            {/* Its code comes at once on /record and for a saved story (its clips count for the steps
                above), else as the camper nears this step (decision 029a). */}
            {slots.recorder({
              now: location === "/record" || showId !== null,
              lengthSeconds: settings.lengthSeconds,
              narration: generator.narration,
              savedScript: savedShow?.narration ?? null,
              userId: user!.id,
              showId,
              draftKey,
              videoFormat: settings.videoFormat,
              onClipsChange: setClips,
            })}
          </StorySection>

          <StorySection index={3} heading="Voice, look and final video">
            <FinalStepCard
              continueButton={clips.length > 0 ? slots.continueButton({ showId, hasClips: true, className: "justify-self-start" }) : null}
            />
          </StorySection>
        </div>
        <aside aria-label="AI service and help" className="grid content-start gap-6">
          <AiStatusCard />
          <HowItWorksCard />
        </aside>
      </div>
    </div>
  );
}
