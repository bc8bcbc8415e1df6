import { Loader2, Square, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { VoiceOption } from "../../../../contracts/voice.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../lib/toasts.ts";

export const PREVIEW_FAILED_TOAST = {
  title: "Couldn't play the preview",
  description: "The voice preview could not be played. Try again in a moment.",
} as const;

/**
 * "Preview voice": a few seconds of the chosen voice (GET /api/voice/preview), so a camper can pick a
 * voice by ear before the whole script is read. One audio element; a new voice stops the old one.
 */
export function VoicePreviewButton({ option, disabled = false }: { option: VoiceOption | undefined; disabled?: boolean }) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");

  // Another voice chosen: its preview is not this one.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio && !audio.paused) audio.pause();
    setState("idle");
  }, [option?.id]);

  if (!option) return null;

  const stop = () => {
    audioRef.current?.pause();
    setState("idle");
  };

  const play = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (state !== "idle") {
      stop();
      return;
    }
    setState("loading");
    try {
      await audio.play();
      setState("playing");
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setState("idle");
      toast({ ...PREVIEW_FAILED_TOAST, variant: "destructive" });
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => void play()}
        disabled={disabled}
        // Starts with the visible words (WCAG label in name), then which voice.
        aria-label={state === "idle" ? `Preview voice: ${option.name}` : `Stop preview: ${option.name}`}
      >
        {state === "loading" ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : state === "playing" ? (
          <Square aria-hidden="true" />
        ) : (
          <Volume2 aria-hidden="true" />
        )}
        {state === "idle" ? "Preview voice" : "Stop preview"}
      </Button>
      <audio
        ref={audioRef}
        src={option.previewUrl}
        preload="none"
        data-testid="voice-preview-audio"
        className="hidden"
        onEnded={() => setState("idle")}
        onPause={() => setState("idle")}
      />
    </>
  );
}
