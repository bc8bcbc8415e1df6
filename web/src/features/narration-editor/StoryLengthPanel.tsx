import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2, Timer } from "lucide-react";
import { useId, useState } from "react";
import type { StoryLength } from "../../../../contracts/renders.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { friendlyVoiceName, useVoiceStatus } from "../../api/voice-api.ts";
import { FitProposalCard, VoiceLongerChoices } from "./FitScriptChoices.tsx";
import { formatSeconds } from "./length-format.ts";
import { requestFitScript, showLengthPrefix, useCooldown, useStoryLength, type FitProposal } from "../../api/story-length-api.ts";
import type { AudioSource } from "./types.ts";

export const FIT_TOASTS = {
  proposed: { title: "A shorter script is ready", description: "Nothing changes until you choose Use this script." },
  alreadyFits: "Nothing to shorten",
  unchanged: {
    title: "No shorter script",
    description: "The AI writer gave back the same script. Try trimming it yourself, or keep the whole voice.",
  },
  failed: "Couldn't fit the script",
  used: { title: "Script replaced", description: "Your narration is now the shorter script. Generate the AI voice again to hear it." },
  notSaved: "The shorter script isn't saved yet",
} as const;


export const UNSAVED_BEFORE_FIT =
  "Your script isn't saved yet, so it can't be fitted. Check your connection and try again.";

export interface StoryLengthPanelProps {
  showId: number;
  /** The show's chosen voice (null: the provider's default). */
  voice: string | null;
  audioSource: AudioSource;
  /** The script in the editor now. */
  narration: string;
  /** True while script edits are on their way to the server (the figures are for the saved script). */
  scriptSaving: boolean;
  /** Saves pending script edits; true when the server has the current script. */
  saveEdits: () => Promise<boolean>;
  /** Puts `content` in the script and saves it; true once the server has it. */
  applyScript: (content: string) => Promise<boolean>;
}

/**
 * Before rendering: the clips' total (after trims) next to the AI voice's length for the current
 * script, and when the voice is longer, two honest choices: fit the script to the clips (the AI
 * writer proposes, the camper decides) or keep the whole voice (the clips play again until it ends).
 */
export function StoryLengthPanel(props: StoryLengthPanelProps) {
  const { showId, voice, audioSource } = props;
  const headingId = useId();
  const length = useStoryLength(showId, voice);

  return (
    <Card as="section" aria-labelledby={headingId} data-testid="story-length" className="min-w-0">
      <CardHeader>
        <CardTitle id={headingId} tabIndex={-1} className="flex items-center gap-2 focus:outline-none">
          <Timer aria-hidden="true" className="size-5 text-brand-700" />
          How long is your video?
        </CardTitle>
        <CardDescription className="text-slate-700">
          Your clips' total, after trims, next to how long the AI voice takes to read your script.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {length.status === "pending" ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Checking the length...
          </p>
        ) : length.status === "error" ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            Couldn't check the length: {errorMessage(length.error)}
          </p>
        ) : (
          <LengthFigures
            {...props}
            length={length.data}
            refreshing={length.isFetching}
            audioSource={audioSource}
            // The proposal's buttons go away once used: focus moves to the card, not to the page's top.
            returnFocus={() => document.getElementById(headingId)?.focus()}
          />
        )}
      </CardContent>
    </Card>
  );
}

function LengthFigures({
  showId,
  length,
  refreshing,
  audioSource,
  narration,
  scriptSaving,
  saveEdits,
  applyScript,
  returnFocus,
}: StoryLengthPanelProps & { length: StoryLength; refreshing: boolean; returnFocus: () => void }) {
  const queryClient = useQueryClient();
  const voiceStatus = useVoiceStatus();
  const voiceLabel = friendlyVoiceName(voiceStatus.data, length.voice);
  const cooldown = useCooldown();
  const [fitting, setFitting] = useState(false);
  const [fitError, setFitError] = useState<string | null>(null);
  const [proposal, setProposal] = useState<FitProposal | null>(null);
  const [applying, setApplying] = useState(false);
  const [keptWholeVoice, setKeptWholeVoice] = useState(false);

  const withVoice = audioSource === "voice";
  const refresh = () => queryClient.invalidateQueries({ queryKey: showLengthPrefix(showId) });

  async function fit() {
    if (fitting || cooldown.seconds > 0) return;
    setFitError(null);
    setKeptWholeVoice(false);
    setFitting(true);
    cooldown.start();
    try {
      if (!(await saveEdits())) throw new Error(UNSAVED_BEFORE_FIT);
      const proposed = await requestFitScript(showId, length.voice);
      if (proposed.content.trim() === narration.trim()) {
        toast(FIT_TOASTS.unchanged);
        return;
      }
      setProposal(proposed);
      toast(FIT_TOASTS.proposed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // "Already fits" (or clips too short) is information, not a failure and not a success.
        toast({ title: FIT_TOASTS.alreadyFits, description: error.serverMessage });
        void refresh();
        return;
      }
      const message = errorMessage(error);
      setFitError(message);
      toast({ title: FIT_TOASTS.failed, description: message, variant: "destructive" });
    } finally {
      setFitting(false);
    }
  }

  async function accept() {
    if (!proposal) return;
    setApplying(true);
    try {
      if (await applyScript(proposal.content)) {
        setProposal(null);
        returnFocus();
        toast(FIT_TOASTS.used);
      } else {
        toast({ title: FIT_TOASTS.notSaved, description: "We'll keep trying to save it.", variant: "destructive" });
      }
    } finally {
      setApplying(false);
    }
  }

  const voiceSeconds = length.voiceSeconds;
  const overBy = voiceSeconds !== null ? voiceSeconds - Math.min(length.clipsSeconds, length.formatMaxSeconds) : 0;
  const busy = refreshing || scriptSaving;

  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2" aria-busy={busy || undefined}>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">
            Your clips{length.clipCount > 0 ? ` (${length.clipCount}, after trims)` : ""}
          </dt>
          <dd data-testid="clips-total" className="text-2xl font-bold tabular-nums text-slate-900">
            {formatSeconds(length.clipsSeconds)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">AI voice reading your script ({voiceLabel})</dt>
          <dd data-testid="voice-length" className="text-2xl font-bold tabular-nums text-slate-900">
            {voiceSeconds === null ? "No script yet" : `${length.voiceMeasured ? "" : "about "}${formatSeconds(voiceSeconds)}`}
          </dd>
        </div>
      </dl>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {scriptSaving ? "These figures update once your script is saved." : refreshing ? "Updating..." : ""}
      </p>

      {length.clipCount === 0 ? (
        <p className="text-slate-700">Record clips for this show, then check the length here.</p>
      ) : !withVoice ? (
        <p className="text-slate-700" data-testid="length-verdict">
          The video uses your clips' own sound, so it is as long as your clips. Choose AI voice above to compare.
        </p>
      ) : voiceSeconds === null ? (
        <p className="text-slate-700" data-testid="length-verdict">
          Write your narration script to see how long the AI voice takes.
        </p>
      ) : !length.voiceLongerThanClips ? (
        <p className="flex items-start gap-2 text-green-900" data-testid="length-verdict">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The AI voice fits: it ends before your clips do.
        </p>
      ) : (
        <VoiceLongerChoices
          length={length}
          overBy={overBy}
          fitting={fitting}
          cooldownSeconds={cooldown.seconds}
          fitError={fitError}
          keptWholeVoice={keptWholeVoice}
          proposalShown={proposal !== null}
          onFit={() => void fit()}
          onKeepWholeVoice={() => setKeptWholeVoice(true)}
        />
      )}

      {proposal && (
        <FitProposalCard
          proposal={proposal}
          applying={applying}
          onUse={() => void accept()}
          onKeep={() => {
            setProposal(null);
            returnFocus();
          }}
        />
      )}
    </div>
  );
}
