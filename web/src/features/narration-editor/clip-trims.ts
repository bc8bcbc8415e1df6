import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { CLIP_LIMITS, CLIP_MESSAGES, clipSchema, type Clip } from "../../../../contracts/clips.ts";
import { errorMessage, sendJson } from "../../lib/api.ts";
import { useSaveBeforeSignOut } from "../idle/idle-activity.ts";
import { CLIPS_ROOT } from "../recorder/clips-api.ts";
import { videoChanged } from "./video-sections-api.ts";

/** Quiet time after the last change to a trim before it is sent. */
export const TRIM_SAVE_DELAY_MS = 700;

/** Trims as the camper types them (strings, so a half-typed "1." is not rewritten under them). */
export interface TrimDraft {
  start: string;
  end: string;
}

/** Seconds with one decimal, as the trim boxes show them ("0", "2.5"). */
export function trimText(seconds: number): string {
  return String(Math.round(seconds * 10) / 10);
}

export function draftOf(clip: Pick<Clip, "trimStartSeconds" | "trimEndSeconds">): TrimDraft {
  return { start: trimText(clip.trimStartSeconds), end: trimText(clip.trimEndSeconds) };
}

export type TrimCheck =
  | { ok: true; start: number; end: number }
  | { ok: false; field: "start" | "end"; message: string };

/**
 * The same rules as the server (PATCH /api/clips/:id): both trims inside the clip, and at least
 * CLIP_LIMITS.minTrimmedSeconds kept. Checked here so the camper reads the problem next to the box.
 */
export function checkTrim(draft: TrimDraft, durationSeconds: number): TrimCheck {
  const start = draft.start.trim() === "" ? NaN : Number(draft.start);
  const end = draft.end.trim() === "" ? NaN : Number(draft.end);
  const outside = CLIP_MESSAGES.trimOutside(durationSeconds);
  if (!Number.isFinite(start) || start < 0 || start > durationSeconds) return { ok: false, field: "start", message: outside };
  if (!Number.isFinite(end) || end < 0 || end > durationSeconds + 0.05) return { ok: false, field: "end", message: outside };
  if (end - start < CLIP_LIMITS.minTrimmedSeconds) return { ok: false, field: "end", message: CLIP_MESSAGES.trimTooShort };
  return { ok: true, start, end: Math.min(end, durationSeconds) };
}

export type TrimSaveState = "idle" | "saving" | "saved" | "failed";

/**
 * A clip the server just changed (trims, a photo's length): it goes into every clips list in the cache,
 * and as it changes the show's sections, its length and which finished video is current, those are
 * asked again, so the total and the voice comparison follow it.
 */
export async function clipSaved(queryClient: QueryClient, saved: Clip): Promise<void> {
  queryClient.setQueriesData<Clip[]>({ queryKey: [CLIPS_ROOT] }, (list) => list?.map((c) => (c.id === saved.id ? saved : c)));
  if (saved.showId !== null) await videoChanged(queryClient, saved.showId);
}

/**
 * One clip's trims: the draft on screen, checked as it is typed and saved (PATCH) after a pause.
 * The saved clip goes into every clips list in the cache, and the show's length check is asked
 * again, so the total and the voice comparison follow the trim.
 */
export function useClipTrim(clip: Clip) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TrimDraft>(() => draftOf(clip));
  const [state, setState] = useState<TrimSaveState>("idle");
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clipRef = useRef(clip);
  clipRef.current = clip;

  const check = checkTrim(draft, clip.durationSeconds);

  const save = useCallback(
    async (next: TrimDraft) => {
      const current = clipRef.current;
      const checked = checkTrim(next, current.durationSeconds);
      if (!checked.ok) return;
      // Only what changed: an untouched end stays "to the end" rather than a rounded number.
      const body: { trimStartSeconds?: number; trimEndSeconds?: number | null } = {};
      if (Math.abs(checked.start - current.trimStartSeconds) >= 0.05) body.trimStartSeconds = checked.start;
      if (Math.abs(checked.end - current.trimEndSeconds) >= 0.05) {
        body.trimEndSeconds = current.durationSeconds - checked.end < 0.05 ? null : checked.end;
      }
      if (Object.keys(body).length === 0) return;
      setState("saving");
      setServerError(null);
      try {
        await clipSaved(queryClient, await sendJson("PATCH", `${CLIPS_ROOT}/${current.id}`, body, clipSchema));
        setState("saved");
      } catch (error) {
        setState("failed");
        setServerError(errorMessage(error));
      }
    },
    [queryClient],
  );

  const draftRef = useRef(draft);
  const change = useCallback(
    (field: keyof TrimDraft, value: string) => {
      const next = { ...draftRef.current, [field]: value };
      draftRef.current = next;
      setDraft(next);
      setState("idle");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save(next);
      }, TRIM_SAVE_DELAY_MS);
    },
    [save],
  );

  /** Leaving a box (or the screen) sends what is waiting at once; the promise settles when it is sent. */
  const flush = useCallback(async () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    await save(draftRef.current);
  }, [save]);
  // An idle sign-out on a shared tablet sends a waiting trim first (decision 027e).
  useSaveBeforeSignOut(flush);

  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => void flushRef.current(), []);

  return { draft, change, flush, check, state, serverError };
}
