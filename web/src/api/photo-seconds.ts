import { PHOTO_SECONDS_MESSAGE } from "../../../contracts/clips-constants.ts";
import type { Clip } from "../../../contracts/clips.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style-constants.ts";
import { trimText, useClipPatch } from "./clip-trims.ts";

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
  const patch = useClipPatch(clip, () => trimText(clip.durationSeconds), (text: string, current) => {
    const checked = checkPhotoSeconds(text);
    return checked.ok && Math.abs(checked.seconds - current.durationSeconds) >= 0.01 ? { photoSeconds: checked.seconds } : null;
  });
  const change = (text: string) => patch.change(() => text);
  return { ...patch, change, check: checkPhotoSeconds(patch.draft) };
}
