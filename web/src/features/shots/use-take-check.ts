import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { CheckedTake } from "../../../../contracts/clips.ts";
import { announce } from "../../lib/announce.ts";
import { errorMessage } from "../../api/client.ts";
import { apiKeys } from "../../api/keys.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { videoChanged } from "../../api/video-sections-api.ts";
import { checkAnnouncement, switchMessage } from "./shot-format.ts";
import { fetchShots, requestScriptCheck } from "../../api/shots-api.ts";

/** The take just recorded: its device record, and the shot it was recorded for. */
export interface TakeRef {
  localId: string;
  shotId: number;
  shotNumber: number;
}

export type TakePhase = "saving" | "on-device" | "upload-failed" | "checking" | "checked" | "check-failed";

export interface TakeCheck {
  phase: TakePhase;
  /** The take as the server has it, with its check (and whether it replaced the chosen take), once checked. */
  clip: CheckedTake | null;
  /** Why the upload or the check failed. */
  error: string | null;
  /** Asks for the check again (after a failure). */
  retry(): void;
}

/**
 * Follows a take from Stop to its check: while it uploads, nothing to do; once the server has every
 * byte (the clip is saved), POST its script check once, with what the browser's speech recognition
 * heard (kept on the device with the take) for servers that have no listener of their own. The
 * answer is announced, and the shot list and clips are read again (the take's figures changed). When
 * the server used the take in place of a chosen one that missed lines, that is announced too.
 */
export function useTakeCheck(showId: number, take: TakeRef | null, item: ClipItem | undefined): TakeCheck {
  const queryClient = useQueryClient();
  const check = useMutation<CheckedTake, Error, { localId: string; clipId: number; transcript: string | null; shotNumber: number }>({
    mutationFn: ({ clipId, transcript }) => requestScriptCheck(clipId, transcript),
    onSuccess: async (clip, { shotNumber }) => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.clipsRoot });
      const heard = clip.scriptCheck ? checkAnnouncement(shotNumber, clip.scriptCheck) : "";
      if (!clip.takeSwitch) {
        if (heard) announce(heard);
        void queryClient.invalidateQueries({ queryKey: apiKeys.showShots(showId) });
        return;
      }
      void videoChanged(queryClient, showId);
      // The list as it is now, to name the takes by their numbers.
      const change = clip.takeSwitch;
      const list = await queryClient.fetchQuery({ queryKey: apiKeys.showShots(showId), queryFn: ({ signal }) => fetchShots(showId, signal), staleTime: 0 }).catch(() => null);
      const shot = list?.shots.find((s) => s.id === change.shotId);
      announce([heard, shot ? switchMessage(shot, change) : ""].filter(Boolean).join(" "));
    },
  });
  const saved = item?.state === "saved" && item.serverId !== null ? item.serverId : null;
  // What the browser heard, kept on the device with the take at Stop.
  const transcript = item?.local?.transcription ?? null;
  const send = useRef(() => {});
  send.current = () => {
    if (take && saved !== null) check.mutate({ localId: take.localId, clipId: saved, transcript, shotNumber: take.shotNumber });
  };

  // Once per take, as soon as the server has confirmed it.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!take || saved === null || requested.current === take.localId) return;
    requested.current = take.localId;
    // The take is one of the shot's takes now (the first one chosen by itself).
    void queryClient.invalidateQueries({ queryKey: apiKeys.showShots(showId) });
    send.current();
  }, [take, saved, showId, queryClient]);

  const current = take !== null && check.variables?.localId === take.localId;
  const retry = () => send.current();

  if (!take || !item) return { phase: "saving", clip: null, error: null, retry };
  if (item.state === "failed") return { phase: "upload-failed", clip: null, error: item.error, retry };
  if (item.state === "local") return { phase: "on-device", clip: null, error: null, retry };
  if (item.state !== "saved") return { phase: "saving", clip: null, error: null, retry };
  if (current && check.isSuccess) return { phase: "checked", clip: check.data, error: null, retry };
  if (current && check.isError) return { phase: "check-failed", clip: null, error: errorMessage(check.error), retry };
  return { phase: "checking", clip: null, error: null, retry };
}
