import { useCallback, useEffect, useRef, useState } from "react";
import { REFLECTION_PROMPTS } from "../../../../contracts/reflection.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/local-store.ts";

/** One answer per reflection prompt, in the prompts' order. */
export type Answers = string[];

export const EMPTY_ANSWERS: Answers = REFLECTION_PROMPTS.map(() => "");
export const PROMPT_TEXTS: string[] = REFLECTION_PROMPTS.map((p) => p.prompt);

export function hasAnyAnswer(answers: Answers): boolean {
  return answers.some((a) => a.trim().length > 0);
}

interface StoredAnswers {
  answers: Answers;
  /** When the camper last typed, to tell a newer device copy from the server's. */
  editedAt: number;
}

function normalize(answers: readonly string[] | undefined): Answers {
  return REFLECTION_PROMPTS.map((_, i) => (typeof answers?.[i] === "string" ? answers[i]! : ""));
}

/**
 * The camper's answers, written to this device on every keystroke so a reload, a closed tab or a
 * dead battery loses nothing. `serverAnswers` (editing mode) wins unless the device copy was
 * edited after the server's version was saved.
 */
export function useReflectionAnswers(storageKey: string, server?: { answers: readonly string[]; savedAt: string }) {
  const [answers, setAnswersState] = useState<Answers>(() => {
    const stored = readLocal<StoredAnswers | null>(storageKey, null);
    if (server && (!stored || stored.editedAt < Date.parse(server.savedAt))) return normalize(server.answers);
    return normalize(stored?.answers);
  });
  const [storageFailed, setStorageFailed] = useState(false);
  const keyRef = useRef(storageKey);
  keyRef.current = storageKey;

  const setAnswer = useCallback((index: number, value: string) => {
    setAnswersState((current) => {
      const next = current.map((a, i) => (i === index ? value : a));
      setStorageFailed(!writeLocal(keyRef.current, { answers: next, editedAt: Date.now() } satisfies StoredAnswers));
      return next;
    });
  }, []);

  const clearAnswers = useCallback(() => {
    removeLocal(keyRef.current);
    setAnswersState(EMPTY_ANSWERS);
  }, []);

  /** After the server confirms a save, the device copy is no longer the only one. */
  const markSaved = useCallback(() => removeLocal(keyRef.current), []);

  useEffect(() => {
    if (!server) return;
    const stored = readLocal<StoredAnswers | null>(storageKey, null);
    if (!stored || stored.editedAt < Date.parse(server.savedAt)) setAnswersState(normalize(server.answers));
    // Only when a different show is loaded, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey, server?.savedAt]);

  return { answers, setAnswer, markSaved, clearAnswers, storageFailed };
}

/** A draft's title before the AI writes one: the first answer's opening words. */
export function draftTitle(answers: Answers): string {
  const first = answers.find((a) => a.trim())?.trim() ?? "";
  const words = first.replace(/\s+/g, " ").split(" ").slice(0, 8).join(" ");
  const title = words.length > 60 ? `${words.slice(0, 57).trimEnd()}...` : words;
  return title || "My Reflection";
}
