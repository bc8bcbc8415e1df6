import { AlertTriangle, CheckCircle2, Loader2, Repeat, Scissors } from "lucide-react";
import { useId } from "react";
import type { StoryLength } from "../../../../contracts/renders.ts";
import { Button } from "../../components/ui/button.tsx";
import { countWords, formatSeconds } from "./length-format.ts";
import type { FitProposal } from "../../api/story-length-api.ts";

/** Long labels (and the cooldown's count) wrap on a phone instead of pushing the page sideways. */
const WRAPPING_BUTTON = "h-auto min-h-11 whitespace-normal text-left";

/**
 * The voice is longer than the clips: by how much, and the two choices, fit the script to the clips
 * (the AI writer proposes, with a cooldown between asks) or keep the whole voice.
 */
export function VoiceLongerChoices({
  length,
  overBy,
  fitting,
  cooldownSeconds,
  fitError,
  keptWholeVoice,
  proposalShown,
  onFit,
  onKeepWholeVoice,
}: {
  length: StoryLength;
  overBy: number;
  fitting: boolean;
  cooldownSeconds: number;
  fitError: string | null;
  keptWholeVoice: boolean;
  proposalShown: boolean;
  onFit: () => void;
  onKeepWholeVoice: () => void;
}) {
  const cooldownId = useId();
  const waiting = cooldownSeconds > 0 && !fitting;
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:p-4" data-testid="voice-longer">
      <p className="flex items-start gap-2 font-medium text-amber-950" data-testid="length-verdict">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        The AI voice is {formatSeconds(overBy)} longer than your clips.
      </p>
      <p className="text-sm text-amber-950">
        You can make the script shorter so it fits your clips ({length.wordsThatFit} words instead of{" "}
        {length.narrationWords}), or keep the whole voice.
      </p>
      {length.videoSecondsWithVoice > length.formatMaxSeconds && (
        <p className="text-sm text-amber-950">
          With the whole voice the video would be {formatSeconds(length.videoSecondsWithVoice)}, longer than this format's{" "}
          {formatSeconds(length.formatMaxSeconds)}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          className={WRAPPING_BUTTON}
          onClick={onFit}
          busy={fitting}
          // Still focusable while it counts down (the camper is standing on it after a press).
          softDisabled={waiting}
          aria-describedby={waiting ? cooldownId : undefined}
        >
          {fitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Scissors aria-hidden="true" />}
          {/* One text, so the countdown wraps with the words rather than as a column of its own. */}
          <span className="tabular-nums">
            {fitting
              ? "Fitting..."
              : cooldownSeconds > 0
                ? `Fit the script to my clips (${cooldownSeconds} s)`
                : "Fit the script to my clips"}
          </span>
        </Button>
        <Button
          variant="outline"
          className={WRAPPING_BUTTON}
          onClick={onKeepWholeVoice}
          aria-pressed={keptWholeVoice}
        >
          <Repeat aria-hidden="true" />
          Keep the whole voice
        </Button>
      </div>
      {waiting && (
        <p id={cooldownId} className="text-sm text-slate-800">
          You can ask the AI again in {cooldownSeconds} s.
        </p>
      )}
      {fitError && (
        <p role="alert" className="rounded-md border border-red-300 bg-white p-3 text-sm text-red-800">
          {fitError}
        </p>
      )}
      {keptWholeVoice && !proposalShown && (
        <p className="rounded-md bg-white p-3 text-sm text-slate-900" data-testid="keep-whole-voice-note">
          The whole script will be read. Your clips play again from the start, without their sound, until the voice
          ends, so the video will be {formatSeconds(length.videoSecondsWithVoice)} long.
        </p>
      )}
    </div>
  );
}

/** The AI writer's shorter script, for the camper to use or leave. */
export function FitProposalCard({
  proposal,
  applying,
  onUse,
  onKeep,
}: {
  proposal: FitProposal;
  applying: boolean;
  onUse: () => void;
  onKeep: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-lake-600/40 bg-lake-50 p-3 sm:p-4" data-testid="fit-proposal">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Shorter script ({countWords(proposal.content)} words, to fit your clips' {formatSeconds(proposal.clipsSeconds)})
      </h3>
      <p className="whitespace-pre-wrap break-words rounded-md bg-white p-3 text-slate-900">{proposal.content}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onUse} busy={applying}>
          <CheckCircle2 aria-hidden="true" />
          Use this script
        </Button>
        <Button
          variant="outline"
          onClick={onKeep}
          disabled={applying}
        >
          Keep my script
        </Button>
      </div>
    </section>
  );
}
