import { useQueryClient } from "@tanstack/react-query";
import { useCallback, type ReactNode } from "react";
import type { Show } from "../../../../contracts/shows.ts";
import { BackToShow } from "../../components/shows/BackToShow.tsx";
import { rememberSavedShow } from "../../api/shows-api.ts";
import { useShowChoices } from "../../api/use-show-choices.ts";
import type { ShowPatch } from "./narration-draft.ts";
import { ScriptCard } from "./ScriptCard.tsx";
import { showLengthPrefix } from "../../api/story-length-api.ts";
import { StoryLengthPanel } from "./StoryLengthPanel.tsx";
import { TitleHeader } from "./TitleHeader.tsx";
import { useAutosave } from "./use-autosave.ts";
import { useFixIt } from "./use-fix-selection.ts";
import { VideoSections } from "./VideoSections.tsx";

/** What the editor places from other parts of the app: the AI voice panel and the final video's panel. */
export interface NarrationEditorSlots {
  /** The AI voice panel, shown while an AI voice reads the script. */
  voicePanel: (props: {
    showId: number;
    narration: string;
    saveEdits: () => Promise<boolean>;
    voice: string | null;
    onVoiceChange: (voice: string) => void;
  }) => ReactNode;
  /** The final video: the show with the choices just made, and the way to save a choice. */
  renderPanel: (props: { show: Show; onChoice: Choices["choose"]; saved: Choices["saved"]; beforeRender: () => Promise<boolean> }) => ReactNode;
  /** A new script was saved: what was made from the old one (the voice-over) is out of date. */
  onScriptSaved?: (showId: number) => void;
}

type Choices = ReturnType<typeof useShowChoices>;

/**
 * The narration editing screen of one show: the title and script saved as they are typed (with the
 * save status and a copy in this browser until the server has it), the audio source, the video's
 * sections, the length check, and the slots for the voice and the final video.
 */
export function NarrationEditor({
  show,
  userId,
  voicePanel,
  renderPanel,
  onScriptSaved,
}: { show: Show; userId: number } & NarrationEditorSlots) {
  const queryClient = useQueryClient();

  const onSaved = useCallback(
    (saved: Show, patch: ShowPatch) => {
      // The show's one cache entry; lists and the profile show the new title.
      rememberSavedShow(queryClient, saved);
      // The voice-over may no longer read the current script.
      if (patch.narration !== undefined) {
        onScriptSaved?.(saved.id);
        // The length check measures the saved script.
        void queryClient.invalidateQueries({ queryKey: showLengthPrefix(saved.id) });
      }
    },
    [queryClient, onScriptSaved],
  );

  const autosave = useAutosave({ show, userId, onSaved });
  const { fields, setField, flush, status, saved } = autosave;
  const choices = useShowChoices(show.id);
  // The final video's choices as the camper just set them (see useShowChoices).
  const shown = { ...show, ...choices.pending };
  // "Fix it" for a flagged phrase: the field with the words selected, or the caption line under its clip.
  const fix = useFixIt(show.id);

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-4xl gap-6 px-4 py-8">
      <div>
        <BackToShow showId={String(show.id)} />
      </div>
      <TitleHeader autosave={autosave} titleRef={fix.titleRef} note={fix.note?.field === "title" ? fix.note.text : null} />
      <ScriptCard
        show={show}
        autosave={autosave}
        narrationRef={fix.narrationRef}
        note={fix.note?.field === "script" ? fix.note.text : null}
        voicePanel={voicePanel({
          showId: show.id,
          narration: fields.narration,
          saveEdits: flush,
          voice: shown.voice,
          onVoiceChange: (voice) => choices.choose({ voice }),
        })}
      />

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
      {renderPanel({ show: { ...shown, audioSource: fields.audioSource }, onChoice: choices.choose, saved: choices.saved, beforeRender: flush })}
    </div>
  );
}
