import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { CLIP_LIMITS, CLIP_MESSAGES } from "../../../contracts/clips-constants.ts";
import type { Clip } from "../../../contracts/clips.ts";
import { errorMessage, sendJson } from "./client.ts";
import { useSaveBeforeSignOut } from "../lib/idle-activity.ts";
import { CLIPS_ROOT } from "./clips-api.ts";
import { videoChanged } from "./video-sections-api.ts";
import { apiKeys } from "./keys.ts";

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
  queryClient.setQueriesData<Clip[]>({ queryKey: apiKeys.clipsRoot }, (list) => list?.map((c) => (c.id === saved.id ? saved : c)));
  if (saved.showId !== null) await videoChanged(queryClient, saved.showId);
}

/**
 * One clip's trims: the draft on screen, checked as it is typed and saved (PATCH) after a pause.
 * Only what changed is sent: an untouched end stays "to the end" rather than a rounded number.
 */
export function useClipTrim(clip: Clip) {
  const patch = useClipPatch(clip, () => draftOf(clip), (next: TrimDraft, current) => {
    const checked = checkTrim(next, current.durationSeconds);
    if (!checked.ok) return null;
    const body: { trimStartSeconds?: number; trimEndSeconds?: number | null } = {};
    if (Math.abs(checked.start - current.trimStartSeconds) >= 0.05) body.trimStartSeconds = checked.start;
    if (Math.abs(checked.end - current.trimEndSeconds) >= 0.05) {
      body.trimEndSeconds = current.durationSeconds - checked.end < 0.05 ? null : checked.end;
    }
    return Object.keys(body).length ? body : null;
  });
  const change = (field: keyof TrimDraft, value: string) => patch.change((draft) => ({ ...draft, [field]: value }));
  return { ...patch, change, check: checkTrim(patch.draft, clip.durationSeconds) };
}

/**
 * A clip field the camper types (trims, a photo's seconds): the draft on screen, sent as PATCH
 * /api/clips/:id after a quiet pause, or at once on leaving the box, Enter, an idle sign-out (decision
 * 027e) or leaving the screen. `bodyOf` says what to send for a draft, null for nothing (not valid, or
 * unchanged). The saved clip goes into every clips list in the cache and the show's length is asked again.
 */
export function useClipPatch<C extends Clip | Pick<Clip, "id" | "durationSeconds">, D>(
  clip: C,
  initial: () => D,
  bodyOf: (draft: D, current: C) => Record<string, unknown> | null,
) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<D>(initial);
  const [state, setState] = useState<TrimSaveState>("idle");
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clipRef = useRef(clip);
  clipRef.current = clip;
  const bodyOfRef = useRef(bodyOf);
  bodyOfRef.current = bodyOf;
  const draftRef = useRef(draft);

  const save = useCallback(
    async (next: D) => {
      const current = clipRef.current;
      const body = bodyOfRef.current(next, current);
      if (!body) return;
      setState("saving");
      setServerError(null);
      try {
        await clipSaved(queryClient, await sendJson<Clip>("PATCH", `${CLIPS_ROOT}/${current.id}`, body));
        setState("saved");
      } catch (error) {
        setState("failed");
        setServerError(errorMessage(error));
      }
    },
    [queryClient],
  );

  const change = useCallback(
    (update: (draft: D) => D) => {
      const next = update(draftRef.current);
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

  const flush = useCallback(async () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    await save(draftRef.current);
  }, [save]);
  useSaveBeforeSignOut(flush);

  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => void flushRef.current(), []);

  return { draft, change, flush, state, serverError };
}
