import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { PHOTO_SECONDS_MESSAGE, clipSchema, type Clip } from "../../../../contracts/clips.ts";
import { PHOTO_SECONDS } from "../../../../contracts/video-style.ts";
import { errorMessage, sendJson } from "../../lib/api.ts";
import { useSaveBeforeSignOut } from "../idle/idle-activity.ts";
import { CLIPS_ROOT } from "../recorder/clips-api.ts";
import { TRIM_SAVE_DELAY_MS, clipSaved, trimText, type TrimSaveState } from "./clip-trims.ts";

export type PhotoSecondsCheck = { ok: true; seconds: number } | { ok: false; message: string };

/** The server's rule for PATCH { photoSeconds }, in its words, so the camper reads it next to the box. */
export function checkPhotoSeconds(text: string): PhotoSecondsCheck {
  const seconds = text.trim() === "" ? NaN : Number(text);
  if (!Number.isFinite(seconds) || seconds < PHOTO_SECONDS.min || seconds > PHOTO_SECONDS.max) {
    return { ok: false, message: PHOTO_SECONDS_MESSAGE };
  }
  return { ok: true, seconds };
}

/**
 * A photo's seconds on screen: the box's text as typed, checked as it changes, and saved
 * (PATCH /api/clips/:id { photoSeconds }) after a pause or at once on leaving the box or Enter.
 */
export function usePhotoSeconds(clip: Pick<Clip, "id" | "durationSeconds">) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => trimText(clip.durationSeconds));
  const [state, setState] = useState<TrimSaveState>("idle");
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clipRef = useRef(clip);
  clipRef.current = clip;
  const draftRef = useRef(draft);

  const save = useCallback(
    async (text: string) => {
      const checked = checkPhotoSeconds(text);
      const current = clipRef.current;
      if (!checked.ok || Math.abs(checked.seconds - current.durationSeconds) < 0.01) return;
      setState("saving");
      setServerError(null);
      try {
        await clipSaved(queryClient, await sendJson("PATCH", `${CLIPS_ROOT}/${current.id}`, { photoSeconds: checked.seconds }, clipSchema));
        setState("saved");
      } catch (error) {
        setState("failed");
        setServerError(errorMessage(error));
      }
    },
    [queryClient],
  );

  const change = useCallback(
    (text: string) => {
      draftRef.current = text;
      setDraft(text);
      setState("idle");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save(text);
      }, TRIM_SAVE_DELAY_MS);
    },
    [save],
  );

  /** Sends what is waiting now (leaving the box, Enter, an idle sign-out, leaving the screen). */
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

  return { draft, change, flush, check: checkPhotoSeconds(draft), state, serverError };
}
