import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Loader2, Pause, Play, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { apiKeys } from "../../api/keys.ts";
import { Step } from "./PanelStep.tsx";
import { formatClock } from "../../lib/time-format.ts";
import type { VoicePanelProps } from "./VoicePanel.tsx";
import { VoicePreviewButton } from "./VoicePreviewButton.tsx";
import { generateVoiceOver, useVoiceOver, useVoiceStatus, voiceOptionsOf } from "../../api/voice-api.ts";
import { objectUrl, releaseObjectUrl } from "../../lib/object-url.ts";

export const VOICE_TOASTS = {
  generated: { title: "Voice sample generated", description: "Press Play AI Voice to listen to it." },
  generateFailed: "Failed to generate voice",
  playbackFailed: { title: "Playback failed", description: "Unable to play the generated audio." },
} as const;
export const GENERATE_ERROR_TEXT = "Failed to generate voice sample";
export const UNSAVED_SCRIPT_MESSAGE =
  "Your script isn't saved yet, so the AI voice can't read it. Check your connection and try again.";

/**
 * Step 2: an AI voice reads this show's script. The camper picks one of the provider's built-in
 * voices (a short preview each), generates the voice-over (pending script edits are saved first),
 * and plays it; an older voice-over of a script that has changed since is pointed out.
 */
export function GenerateVoiceStep({ showId, narration, saveEdits, voice: showVoice = null, onVoiceChange }: VoicePanelProps) {
  const queryClient = useQueryClient();
  const ids = { voice: useId(), hint: useId() };
  const voiceStatus = useVoiceStatus();
  const voiceOver = useVoiceOver(showId);
  const [chosenVoice, setChosenVoice] = useState<string | null>(null);
  const [generatedUrl, setGeneratedUrl] = useState<string | null>(null);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const generatedUrlRef = useRef<string | null>(null);
  const playRequested = useRef(false);

  useEffect(() => () => releaseObjectUrl(generatedUrlRef.current), []);

  const options = voiceOptionsOf(voiceStatus.data);
  const voices = options.map((o) => o.id);
  const existing = voiceOver.data ?? null;
  const selectedVoice =
    (chosenVoice && voices.includes(chosenVoice) ? chosenVoice : null) ??
    (showVoice && voices.includes(showVoice) ? showVoice : null) ??
    (existing && voices.includes(existing.voice) ? existing.voice : null) ??
    voiceStatus.data?.defaultVoice ??
    "";

  const stopPlayback = () => {
    const audio = audioRef.current;
    playRequested.current = false;
    if (audio) {
      audio.pause();
      try {
        audio.currentTime = 0;
      } catch {
        // not seekable yet
      }
    }
    setPlaying(false);
  };

  const generate = useMutation<Blob, Error, string>({
    mutationFn: async (voice) => {
      if (!(await saveEdits())) throw new Error(UNSAVED_SCRIPT_MESSAGE);
      return generateVoiceOver(showId, voice || undefined);
    },
    onMutate: () => {
      setGenerateError(null);
      stopPlayback();
    },
    onSuccess: (blob) => {
      const url = objectUrl(blob);
      releaseObjectUrl(generatedUrlRef.current);
      generatedUrlRef.current = url;
      setGeneratedUrl(url);
      toast(VOICE_TOASTS.generated);
      void queryClient.invalidateQueries({ queryKey: apiKeys.voiceOver(showId) });
      // The length check now measures this voice-over instead of estimating.
      void queryClient.invalidateQueries({ queryKey: apiKeys.showLengths(showId) });
    },
    onError: (error) => {
      setGenerateError(GENERATE_ERROR_TEXT);
      toast({ title: VOICE_TOASTS.generateFailed, description: errorMessage(error), variant: "destructive" });
    },
  });

  const source = generatedUrl ?? existing?.mediaUrl ?? null;
  const hasNarration = narration.trim().length > 0;
  const canPlay = source !== null && !generate.isPending;

  const playbackFailed = () => {
    if (!playRequested.current) return;
    playRequested.current = false;
    setPlaying(false);
    toast({ ...VOICE_TOASTS.playbackFailed, variant: "destructive" });
  };

  const togglePlay = async () => {
    const audio = audioRef.current;
    if (!audio || !source) return;
    if (playing) {
      stopPlayback();
      return;
    }
    playRequested.current = true;
    try {
      await audio.play();
      if (playRequested.current) setPlaying(true);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      playbackFailed();
    }
  };

  const liveText = generate.isPending
    ? "Generating the AI voice..."
    : playing
      ? "Playing the AI voice"
      : generatedUrl
        ? "AI voice ready to play"
        : "";

  return (
    <Step step={2} title="Generate AI Voice">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid w-full gap-1.5 sm:max-w-xs">
          <Label htmlFor={ids.voice}>Voice</Label>
          <select
            id={ids.voice}
            value={selectedVoice}
            onChange={(event) => {
              setChosenVoice(event.target.value);
              onVoiceChange?.(event.target.value);
            }}
            disabled={voices.length === 0 || generate.isPending}
            className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 disabled:opacity-50"
          >
            {voices.length === 0 && <option value="">{voiceStatus.isPending ? "Loading voices..." : "Default voice"}</option>}
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <VoicePreviewButton option={options.find((o) => o.id === selectedVoice)} disabled={generate.isPending} />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => generate.mutate(selectedVoice)}
          disabled={!hasNarration && !generate.isPending}
          busy={generate.isPending}
          aria-describedby={hasNarration ? undefined : ids.hint}
        >
          {generate.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Sparkles aria-hidden="true" />}
          {generate.isPending ? "Generating..." : "Generate AI Voice"}
        </Button>
        <Button variant="secondary" onClick={() => void togglePlay()} disabled={!canPlay}>
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? "Playing..." : "Play AI Voice"}
        </Button>
      </div>

      {!hasNarration && (
        <p id={ids.hint} className="text-sm text-slate-700">
          Write your narration script first, then generate the AI voice.
        </p>
      )}

      <p role="status" aria-live="polite" data-testid="voice-status" className="min-h-5 text-sm text-slate-700">
        {liveText}
      </p>

      {generateError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {generateError}
        </p>
      )}

      {existing && !generatedUrl && (
        <p className="text-sm text-slate-700" data-testid="voice-over-info">
          This show has an AI voice ({options.find((o) => o.id === existing.voice)?.name ?? existing.voiceName},{" "}
          {formatClock(existing.durationSeconds)}).
        </p>
      )}
      {existing && !existing.matchesNarration && !generate.isPending && (
        <p
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="voice-over-stale"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Your script changed since this voice was made. Generate it again to hear the new script.
        </p>
      )}

      <audio
        ref={audioRef}
        src={source ?? undefined}
        preload="none"
        data-testid="ai-voice-audio"
        className="hidden"
        onEnded={() => {
          playRequested.current = false;
          setPlaying(false);
        }}
        onPause={() => setPlaying(false)}
        onError={playbackFailed}
      />
    </Step>
  );
}
