import { useMutation } from "@tanstack/react-query";
import { Download, Loader2, RotateCcw, Sparkles, Wand2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { AI_MESSAGES } from "../../../../contracts/ai-constants.ts";
import type { TitleResponse } from "../../../../contracts/ai.ts";
import { SHOW_LIMITS } from "../../../../contracts/shows-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../lib/toasts.ts";
import { sendJson } from "../../api/client.ts";
import { cn } from "../../lib/utils.ts";
import { downloadTextFile } from "../../lib/download.ts";
import { countWords, narrationFileName, videoLengthLabel } from "./narration-text.ts";
import type { NarrationGenerator } from "./use-narration-generator.ts";

export const TITLE_URL = "/api/generate-title";

export interface NarrationPanelProps {
  /** The state returned by useNarrationGenerator. */
  generator: NarrationGenerator;
  title: string;
  onTitleChange: (title: string) => void;
  /** Defaults to the generator's target for its length. */
  targetWords?: number;
  /** Goes under the narration box: the page puts the CustomRequestBox here. */
  children?: ReactNode;
  className?: string;
}

const STATUS_TEXT = {
  idle: "",
  generating: "Writing your narration...",
  applying: "Changing your narration...",
  ready: "Narration ready",
  failed: "",
} as const;

/** Generate AI Content, the editable narration, its title, Reset to Original and the text download. */
export function NarrationPanel({ generator, title, onTitleChange, targetWords, children, className }: NarrationPanelProps) {
  const {
    narration,
    setNarration,
    original,
    resetToOriginal,
    isGenerating,
    isBusy,
    canGenerate,
    status,
    generate,
    lengthSeconds,
    cooldownSeconds,
  } = generator;
  const cooling = cooldownSeconds > 0;
  const target = targetWords ?? generator.targetWords;
  const words = countWords(narration);
  const hasNarration = narration.trim().length > 0;
  const ids = {
    heading: useId(),
    hint: useId(),
    title: useId(),
    narration: useId(),
    count: useId(),
    cooldown: useId(),
  };

  const titleMutation = useMutation<string, Error, string>({
    mutationFn: async (content) => {
      const { title: generated } = await sendJson<TitleResponse>("POST", TITLE_URL, { content });
      if (!generated.trim()) throw new Error("No title received");
      return generated.trim();
    },
    onSuccess: (generated) => onTitleChange(generated),
    onError: () => {
      onTitleChange(AI_MESSAGES.titleFallback);
      toast({ title: "Error", description: "Failed to generate title. Please enter one manually.", variant: "destructive" });
    },
  });

  function download() {
    downloadTextFile(narrationFileName(title), narration);
    toast({ title: "Download started", description: narrationFileName(title) });
  }

  return (
    <Card className={className}>
      <section aria-labelledby={ids.heading}>
        <CardHeader className="pb-3">
          <CardTitle id={ids.heading}>Your narration</CardTitle>
          <p className="text-sm text-slate-700">
            The AI turns your answers into a script you can read over your video. Change anything you like.
          </p>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-2">
            <div>
              <Button
                size="lg"
                onClick={() => void generate()}
                disabled={(!canGenerate || cooling) && !isBusy}
                busy={isBusy}
                // The countdown is visible text; its name stays the same and the hint says when.
                aria-label={isGenerating ? "Generating..." : "Generate AI Content"}
                aria-describedby={!canGenerate ? ids.hint : cooling ? ids.cooldown : undefined}
              >
                {isGenerating ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Sparkles aria-hidden="true" />}
                {isGenerating ? "Generating..." : "Generate AI Content"}
                {cooling && !isGenerating && (
                  <span data-testid="generate-countdown" className="tabular-nums">
                    ({cooldownSeconds} s)
                  </span>
                )}
              </Button>
            </div>
            {cooling && !isGenerating && (
              <p id={ids.cooldown} className="text-sm text-slate-700">
                The AI can write again in {cooldownSeconds} s.
              </p>
            )}
            {!canGenerate && (
              <p id={ids.hint} className="text-sm text-slate-700">
                Answer at least one prompt to generate a narration.
              </p>
            )}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.title}>Title</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={ids.title}
                value={title}
                onChange={(event) => onTitleChange(event.target.value)}
                maxLength={SHOW_LIMITS.titleMaxLength}
                placeholder="Give your story a title"
                className="min-w-0 flex-1 basis-48"
              />
              <Button
                variant="outline"
                onClick={() => titleMutation.mutate(narration)}
                disabled={!hasNarration || isBusy || titleMutation.isPending}
              >
                {titleMutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Wand2 aria-hidden="true" />}
                {titleMutation.isPending ? "Generating title..." : "Generate title"}
              </Button>
            </div>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.narration}>Narration script</Label>
            <textarea
              id={ids.narration}
              value={narration}
              onChange={(event) => setNarration(event.target.value)}
              readOnly={isBusy}
              aria-busy={isBusy}
              aria-describedby={ids.count}
              maxLength={SHOW_LIMITS.narrationMaxLength}
              rows={10}
              placeholder="Your narration will appear here. You can also write your own."
              className={cn(
                "w-full resize-y rounded-md border border-slate-400 bg-white p-3 text-base leading-relaxed placeholder:text-slate-600",
                isBusy && "bg-slate-50",
              )}
            />
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <p id={ids.count} className="text-slate-700">
                {words.toLocaleString()} {words === 1 ? "word" : "words"}. About {target.toLocaleString()} words for a{" "}
                {videoLengthLabel(lengthSeconds)} video.
              </p>
              <p aria-live="polite" className="font-medium text-slate-800">
                {STATUS_TEXT[status]}
              </p>
            </div>
          </div>

          {children}

          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={resetToOriginal} disabled={isBusy || !original || narration === original}>
              <RotateCcw aria-hidden="true" />
              Reset to Original
            </Button>
            <Button variant="outline" onClick={download} disabled={!hasNarration || isBusy}>
              <Download aria-hidden="true" />
              Download narration
            </Button>
          </div>
        </CardContent>
      </section>
    </Card>
  );
}
