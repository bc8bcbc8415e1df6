import { useQueryClient } from "@tanstack/react-query";
import { AudioLines, CheckCircle2, Clapperboard, CloudOff, History, Loader2, Mic, Pencil, RotateCcw } from "lucide-react";
import { useCallback, useId, type KeyboardEvent } from "react";
import { Link, useLocation, useParams } from "wouter";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";
import { SHOW_LIMITS } from "../../../../contracts/recordings-constants.ts";
import type { Show } from "../../../../contracts/recordings.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { cn } from "../../lib/utils.ts";
import { useAuth } from "../auth/auth-context.tsx";
import { ShowNotFound } from "../shows/ShowNotFound.tsx";
import { isValidShowId, rememberSavedShow, useShow } from "../shows/shows-api.ts";
import { useShowChoices } from "../shows/use-show-choices.ts";
import { VoicePanel } from "../voice/VoicePanel.tsx";
import { scriptSavedForVoice } from "../voice/voice-api.ts";
import { validTitle, type ShowPatch } from "./narration-draft.ts";
import type { AudioSource } from "./types.ts";
import { saveStatusText, type SaveStatus } from "./save-status.ts";
import { useAutosave } from "./use-autosave.ts";
import { RenderPanel } from "../render/RenderPanel.tsx";
import { VideoSections } from "./VideoSections.tsx";
import { StoryLengthPanel } from "./StoryLengthPanel.tsx";
import { showLengthPrefix } from "./story-length-api.ts";
import { usePageTitle } from "../../app/page-title.ts";
import { BackToShow } from "../shows/BackToShow.tsx";
import { LoadingStatus } from "../../components/ui/spinner.tsx";
import { useFixIt } from "./use-fix-selection.ts";

export const TITLE_HINT = "Click to edit title";

const AUDIO_OPTIONS: { value: AudioSource; label: string; description: string; Icon: typeof Mic }[] = [
  { value: "original", label: "Original Audio", description: "The sound recorded with your clips.", Icon: Mic },
  {
    value: "voice",
    label: "AI voice",
    description: "A built-in AI voice (not your own voice) reads your narration script over the clips.",
    Icon: AudioLines,
  },
];

function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

function SaveIndicator({ status, failure }: { status: SaveStatus; failure: string | null }) {
  const Icon =
    status === "saving" ? Loader2 : status === "saved" ? CheckCircle2 : status === "idle" ? null : CloudOff;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={status}
      className={cn(
        "flex min-h-6 items-center gap-1.5 text-sm font-medium",
        status === "retrying" || status === "failed" ? "text-red-800" : "text-slate-700",
      )}
    >
      {Icon && <Icon aria-hidden="true" className={cn("size-4 shrink-0", status === "saving" && "animate-spin")} />}
      {saveStatusText(status, failure)}
    </p>
  );
}

function NarrationEditor({ show, userId }: { show: Show; userId: number }) {
  const queryClient = useQueryClient();
  const ids = {
    title: useId(),
    titleHint: useId(),
    titleError: useId(),
    narration: useId(),
    words: useId(),
    audioLegend: useId(),
  };

  const onSaved = useCallback(
    (saved: Show, patch: ShowPatch) => {
      // The show's one cache entry; lists and the profile show the new title.
      rememberSavedShow(queryClient, saved);
      // The voice-over may no longer read the current script.
      if (patch.narration !== undefined) {
        scriptSavedForVoice(queryClient, saved.id);
        // The length check measures the saved script.
        void queryClient.invalidateQueries({ queryKey: showLengthPrefix(saved.id) });
      }
    },
    [queryClient],
  );

  const { fields, setField, flush, status, failure, restored, saved } = useAutosave({ show, userId, onSaved });
  const choices = useShowChoices(show.id);
  // The final video's choices as the camper just set them (see useShowChoices).
  const shown = { ...show, ...choices.pending };
  const [, navigate] = useLocation();
  const shotsHref = `/shows/${show.id}/shots`;
  const titleInvalid = validTitle(fields.title) === null;

  const onTitleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void flush();
    } else if (event.key === "Escape" && titleInvalid) {
      setField("title", saved.title);
    }
  };

  const onTitleBlur = () => {
    // A blank title can't be saved: put the saved one back rather than leave the show nameless.
    if (titleInvalid) setField("title", saved.title);
    void flush();
  };

  const words = countWords(fields.narration);
  // "Fix it" for a flagged phrase: the field with the words selected, or the caption line under its clip.
  const fix = useFixIt(show.id);

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-4xl gap-6 px-4 py-8">
      <div>
        <BackToShow showId={String(show.id)} />
      </div>

      <header className="grid min-w-0 gap-2">
        <h1 className="text-sm font-semibold uppercase tracking-wide text-brand-800">Edit narration &amp; voice</h1>
        <label htmlFor={ids.title} className="sr-only">
          Show title
        </label>
        <input
          id={ids.title}
          ref={fix.titleRef}
          data-testid="title-input"
          type="text"
          value={fields.title}
          maxLength={SHOW_LIMITS.titleMaxLength}
          onChange={(event) => setField("title", event.target.value)}
          onBlur={onTitleBlur}
          onKeyDown={onTitleKeyDown}
          aria-describedby={titleInvalid ? `${ids.titleHint} ${ids.titleError}` : ids.titleHint}
          aria-invalid={titleInvalid || undefined}
          className="w-full min-w-0 truncate rounded-md border-2 border-transparent bg-transparent px-2 py-1 text-3xl font-bold text-lake-900 hover:border-slate-300 focus:border-lake-600 focus:bg-white sm:text-4xl"
        />
        <p id={ids.titleHint} className="flex items-center gap-1.5 px-2 text-sm text-slate-600">
          <Pencil aria-hidden="true" className="size-3.5" />
          {TITLE_HINT}
        </p>
        {fix.note?.field === "title" && <p role="status" className="px-2 text-sm font-medium text-slate-900">{fix.note.text}</p>}
        {titleInvalid && (
          <p id={ids.titleError} role="alert" className="px-2 text-sm font-medium text-red-800">
            Title can't be empty
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-2">
          <SaveIndicator status={status} failure={failure} />
          {restored && (
            <p data-testid="restored-note" className="flex items-center gap-1.5 text-sm text-slate-700">
              <History aria-hidden="true" className="size-4" />
              We brought back changes you hadn't saved yet.
            </p>
          )}
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>{PRODUCT_NAME} Narration</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2">
            <label htmlFor={ids.narration} className="text-sm font-medium text-slate-800">
              Narration script
            </label>
            <textarea
              id={ids.narration}
              ref={fix.narrationRef}
              value={fields.narration}
              rows={12}
              maxLength={SHOW_LIMITS.narrationMaxLength}
              onChange={(event) => setField("narration", event.target.value)}
              onBlur={() => void flush()}
              aria-describedby={ids.words}
              placeholder="Write what the narrator says..."
              className="min-h-48 w-full min-w-0 resize-y rounded-md border border-slate-400 bg-white p-3 text-base leading-relaxed text-slate-900 placeholder:text-slate-600"
            />
            {fix.note?.field === "script" && <p role="status" className="text-sm font-medium text-slate-900">{fix.note.text}</p>}
            <p id={ids.words} className="text-sm text-slate-700">
              {words} {words === 1 ? "word" : "words"} · Changes save automatically.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setField("narration", show.originalNarration ?? "", { immediate: true })}
                disabled={!show.originalNarration || fields.narration === show.originalNarration}
              >
                <RotateCcw aria-hidden="true" />
                Reset to Original
              </Button>
              <Button asChild variant="secondary" size="sm">
                <Link
                  href={shotsHref}
                  onClick={(event) => {
                    // The shots are cut from the saved script: save the last edits before going there.
                    event.preventDefault();
                    void flush().finally(() => navigate(shotsHref));
                  }}
                >
                  <Clapperboard aria-hidden="true" />
                  Record to the script
                </Link>
              </Button>
            </div>
          </div>

          <fieldset role="radiogroup" aria-labelledby={ids.audioLegend} className="grid min-w-0 gap-3">
            <legend id={ids.audioLegend} className="mb-2 text-sm font-medium text-slate-800">
              Audio source
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {AUDIO_OPTIONS.map(({ value, label, description, Icon }) => {
                const checked = fields.audioSource === value;
                const optionId = `${ids.audioLegend}-${value}`;
                return (
                  <label
                    key={value}
                    htmlFor={optionId}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3",
                      checked ? "border-lake-700 bg-lake-50" : "border-slate-300 bg-white hover:border-slate-400",
                    )}
                  >
                    <input
                      id={optionId}
                      type="radio"
                      name={`audio-source-${show.id}`}
                      value={value}
                      checked={checked}
                      onChange={() => setField("audioSource", value, { immediate: true })}
                      aria-labelledby={`${optionId}-label`}
                      aria-describedby={`${optionId}-description`}
                      className="mt-1 size-4 shrink-0 accent-lake-700"
                    />
                    <span className="grid gap-0.5">
                      <span id={`${optionId}-label`} className="flex items-center gap-1.5 font-semibold text-slate-900">
                        <Icon aria-hidden="true" className="size-4" />
                        {label}
                      </span>
                      <span id={`${optionId}-description`} className="text-sm text-slate-700">
                        {description}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          {fields.audioSource === "voice" && (
            <VoicePanel
              showId={show.id}
              narration={fields.narration}
              saveEdits={flush}
              voice={shown.voice}
              onVoiceChange={(voice) => choices.choose({ voice })}
            />
          )}
        </CardContent>
      </Card>

      {fix.caption.gone && <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-900">{fix.caption.gone}</p>}
      <VideoSections showId={show.id} videoFormat={show.videoFormat} script={show.narration} captionFix={fix.caption.fix} />
      <StoryLengthPanel
        showId={show.id}
        voice={show.voice}
        audioSource={fields.audioSource}
        narration={fields.narration}
        scriptSaving={status === "saving" && fields.narration !== saved.narration}
        saveEdits={flush}
        applyScript={async (content) => {
          setField("narration", content, { immediate: true });
          return flush();
        }}
      />
      <RenderPanel
        show={{ ...shown, audioSource: fields.audioSource }}
        onChoice={choices.choose}
        saved={choices.saved}
        beforeRender={flush}
      />
    </div>
  );
}

/** /shows/:id/narration: the narration editing screen of one of the camper's shows. */
export function NarrationEditorPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
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

  return <NarrationEditor key={`${user.id}:${query.data.id}`} show={query.data} userId={user.id} />;
}
