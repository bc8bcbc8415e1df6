import { Loader2, MessageSquarePlus } from "lucide-react";
import { useId, useState } from "react";
import { AI_LIMITS, AI_MESSAGES } from "../../../../contracts/ai-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import type { NarrationGenerator } from "./use-narration-generator.ts";

export const CUSTOM_SUGGESTIONS = ["Make it shorter", "Make it more excited", "Switch to third person"] as const;

export interface CustomRequestBoxProps {
  generator: NarrationGenerator;
  /** Called with the new narration after a change is applied (the page may save it). */
  onApplied?: (content: string) => void;
}

/**
 * "Ask the AI to change your narration": the reply streams into the narration box and replaces it. A
 * suggestion does what it says at once (it is sent, and shown in the box while the AI works).
 */
export function CustomRequestBox({ generator, onApplied }: CustomRequestBoxProps) {
  const { narration, isApplying, isBusy, applyCustomRequest } = generator;
  const [instruction, setInstruction] = useState("");
  const inputId = useId();
  const hintId = useId();
  const hasNarration = narration.trim().length > 0;
  const canApply = hasNarration && instruction.trim().length > 0 && !isBusy;

  async function apply(request = instruction) {
    if (!hasNarration || isBusy || !request.trim()) return;
    const content = await applyCustomRequest(request);
    if (content !== null) {
      setInstruction("");
      onApplied?.(content);
    }
  }

  return (
    <form
      className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Label htmlFor={inputId}>Ask the AI to change your narration</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          value={instruction}
          onChange={(event) => setInstruction(event.target.value)}
          maxLength={AI_LIMITS.customPromptMaxLength}
          placeholder='e.g. "Make it shorter"'
          aria-describedby={hintId}
          className="min-w-0 flex-1 basis-48"
        />
        <Button type="submit" variant="secondary" disabled={!canApply}>
          {isApplying ? <Loader2 aria-hidden="true" className="animate-spin" /> : <MessageSquarePlus aria-hidden="true" />}
          {isApplying ? "Applying..." : "Apply"}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-700">
        {hasNarration ? "Type your own idea or pick one below." : `${AI_MESSAGES.needsNarration}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {CUSTOM_SUGGESTIONS.map((suggestion) => (
          <Button
            key={suggestion}
            variant="outline"
            size="sm"
            // Waits, focusable, while there is no narration or the AI is busy (the hint says why).
            softDisabled={!hasNarration || isBusy}
            onClick={() => {
              setInstruction(suggestion);
              void apply(suggestion);
            }}
            aria-label={`Ask the AI: ${suggestion}`}
            aria-describedby={hintId}
          >
            {suggestion}
          </Button>
        ))}
      </div>
    </form>
  );
}
