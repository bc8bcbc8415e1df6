import { useCallback, useEffect, useRef, useState } from "react";
import { AI_MESSAGES } from "../../../../contracts/ai-constants.ts";
import type { CustomRequestBody, GenerateReflectionBody } from "../../../../contracts/ai.ts";
import { AI_GENERATION_COOLDOWN_MS, targetWordCount, type NarrationTone } from "../../../../contracts/product.ts";
import { isPlaceholderNarration } from "../../../../contracts/shows-constants.ts";
import { toast } from "../../lib/toasts.ts";
import { aiErrorText } from "../../api/ai-errors.ts";
import { streamAi } from "../../api/stream-ai.ts";

export const GENERATE_URL = "/api/ai/generate-reflection";
export const CUSTOM_REQUEST_URL = "/api/ai/custom-request";

/** Saved narrations that only hold a place until the AI writes: editing mode starts empty instead. */

export interface NarrationGeneratorOptions {
  /** The camper's answers, in prompt order; blank ones are left out of the request. */
  responses: readonly string[];
  tone: NarrationTone;
  lengthSeconds: number;
  audienceLinks?: readonly string[];
  /** Editing mode: the saved narration to start from (placeholder texts count as none). */
  initialNarration?: string | null;
  /** The AI's first text as the show keeps it, for Reset to Original after a reload. */
  initialOriginal?: string | null;
  /** Called with the AI's text after each successful generation (the page saves it as a non-draft). */
  onGenerated?: (content: string) => void;
}

export type NarrationStatus = "idle" | "generating" | "applying" | "ready" | "failed";

export interface NarrationGenerator {
  /** The text in the narration box: streamed AI words, then whatever the camper edits. */
  narration: string;
  setNarration: (text: string) => void;
  /** The AI's last full narration, restored by Reset to Original. */
  original: string;
  resetToOriginal: () => void;
  /** The camper changed the text since the AI wrote it. */
  isEdited: boolean;
  isGenerating: boolean;
  /** A custom change ("make it shorter") is streaming in. */
  isApplying: boolean;
  /** Either of the above: the box is read-only and other AI actions wait. */
  isBusy: boolean;
  /** At least one answer has text. */
  canGenerate: boolean;
  status: NarrationStatus;
  /** The Generate AI Content button: always tries (unless busy or with no answers). */
  generate: () => Promise<void>;
  /** Leaving a text box or changing tab: skipped within the cooldown, while busy, with no answers,
   * when the answers haven't changed since the last narration, or when the camper has edited it. */
  maybeGenerate: () => void;
  /** Sends the narration and an instruction; the reply replaces the narration. Resolves with it, or null on failure. */
  applyCustomRequest: (customPrompt: string) => Promise<string | null>;
  /** Date.now() of the last generation attempt, manual or automatic. */
  lastAttemptAt: number | null;
  /** Whole seconds until the next generation may run (0: now); the button shows it. */
  cooldownSeconds: number;
  targetWords: number;
  lengthSeconds: number;
}

function buildBody(
  responses: readonly string[],
  tone: NarrationTone,
  lengthSeconds: number,
  audienceLinks: readonly string[] | undefined,
): GenerateReflectionBody {
  const links = (audienceLinks ?? []).map((l) => l.trim()).filter(Boolean);
  return {
    responses: responses.filter((r) => r.trim().length > 0),
    ...(links.length ? { audienceLinks: links } : {}),
    style: tone,
    duration: lengthSeconds,
    targetWordCount: targetWordCount(lengthSeconds),
  };
}

const inputKey = (body: GenerateReflectionBody) => JSON.stringify(body);

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The Create screen's narration: generating it (streamed word by word), the camper's edits, Reset to
 * Original, custom changes, and the 20-second cooldown on automatic generation.
 */
export function useNarrationGenerator({
  responses,
  tone,
  lengthSeconds,
  audienceLinks,
  initialNarration,
  initialOriginal,
  onGenerated,
}: NarrationGeneratorOptions): NarrationGenerator {
  const start = initialNarration && !isPlaceholderNarration(initialNarration) ? initialNarration : "";
  const [narration, setNarration] = useState(start);
  const [original, setOriginal] = useState(initialOriginal || start);
  const [now, setNow] = useState(() => Date.now());
  const [status, setStatus] = useState<NarrationStatus>("idle");
  const [lastAttemptAt, setLastAttemptAt] = useState<number | null>(null);

  const body = buildBody(responses, tone, lengthSeconds, audienceLinks);
  const canGenerate = body.responses.length > 0;

  // Refs let the stable callbacks below see the latest values without re-creating them.
  const latest = useRef({ body, narration, original, tone, onGenerated });
  latest.current = { body, narration, original, tone, onGenerated };
  const busy = useRef(false);
  const lastAttempt = useRef<number | null>(null);
  // The answers the current narration was written from; a saved narration counts as written from the saved answers.
  const generatedFrom = useRef<string | null>(start ? inputKey(body) : null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async () => {
    const { body: request, narration: before } = latest.current;
    if (busy.current || request.responses.length === 0) return;
    // Every trigger, the button included, waits out the cooldown (the button shows the countdown).
    if (lastAttempt.current !== null && Date.now() - lastAttempt.current < AI_GENERATION_COOLDOWN_MS) return;
    busy.current = true;
    const now = Date.now();
    lastAttempt.current = now;
    setLastAttemptAt(now);
    setStatus("generating");
    const abort = new AbortController();
    controller.current = abort;
    try {
      const content = await streamAi(GENERATE_URL, request, { onDelta: setNarration, signal: abort.signal });
      if (!content.trim()) throw new Error(AI_MESSAGES.noContent);
      setNarration(content);
      setOriginal(content);
      generatedFrom.current = inputKey(request);
      setStatus("ready");
      if (before.trim() && content.trim() === before.trim()) {
        toast({ title: "Same narration", description: "The AI wrote the same text again. Change an answer or the style for a new version." });
      }
      latest.current.onGenerated?.(content);
    } catch (error) {
      if (isAbort(error)) return;
      setNarration(before);
      setStatus("failed");
      toast({
        title: "Generation failed",
        description: aiErrorText(error, AI_MESSAGES.generationFailed),
        variant: "destructive",
      });
    } finally {
      busy.current = false;
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const maybeGenerate = useCallback(() => {
    const { body: request, narration: text, original: ai } = latest.current;
    if (busy.current || request.responses.length === 0) return;
    if (lastAttempt.current !== null && Date.now() - lastAttempt.current < AI_GENERATION_COOLDOWN_MS) return;
    // Never overwrite the camper's own edits automatically, and don't rewrite from unchanged answers.
    if (text.trim() && text !== ai) return;
    if (generatedFrom.current === inputKey(request)) return;
    void run();
  }, [run]);

  const applyCustomRequest = useCallback(async (customPrompt: string): Promise<string | null> => {
    const { narration: before, tone: style } = latest.current;
    if (busy.current || !customPrompt.trim() || !before.trim()) return null;
    busy.current = true;
    setStatus("applying");
    const abort = new AbortController();
    controller.current = abort;
    const request: CustomRequestBody = { currentContent: before, customPrompt: customPrompt.trim(), style };
    try {
      const content = await streamAi(CUSTOM_REQUEST_URL, request, { onDelta: setNarration, signal: abort.signal });
      if (!content.trim()) throw new Error(AI_MESSAGES.noContent);
      setNarration(content);
      setStatus("ready");
      if (content.trim() === before.trim()) {
        // Honest: nothing changed, so this is no success.
        toast({ title: "No change", description: "The AI left your narration as it was. Try asking in other words.", variant: "destructive" });
        return null;
      }
      toast({ title: "AI Request Complete", description: "Your narration was updated." });
      return content;
    } catch (error) {
      if (isAbort(error)) return null;
      setNarration(before);
      setStatus("failed");
      toast({ title: AI_MESSAGES.customFailed, description: aiErrorText(error, "Please try again."), variant: "destructive" });
      return null;
    } finally {
      busy.current = false;
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const resetToOriginal = useCallback(() => setNarration(latest.current.original), []);

  // Tick once a second while the cooldown runs, so the button can count down.
  const cooldownEnds = lastAttemptAt === null ? 0 : lastAttemptAt + AI_GENERATION_COOLDOWN_MS;
  useEffect(() => {
    if (cooldownEnds <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= cooldownEnds) clearInterval(timer);
    }, 1000);
    setNow(Date.now());
    return () => clearInterval(timer);
  }, [cooldownEnds]);
  const cooldownSeconds = Math.max(0, Math.ceil((cooldownEnds - now) / 1000));

  return {
    narration,
    setNarration,
    original,
    resetToOriginal,
    isEdited: narration !== original,
    isGenerating: status === "generating",
    isApplying: status === "applying",
    isBusy: status === "generating" || status === "applying",
    canGenerate,
    status,
    generate: run,
    maybeGenerate,
    applyCustomRequest,
    lastAttemptAt,
    cooldownSeconds,
    targetWords: targetWordCount(lengthSeconds),
    lengthSeconds,
  };
}
