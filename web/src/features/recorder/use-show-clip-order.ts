import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { Clip } from "../../../../contracts/clips.ts";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { saveShowClipOrder } from "../../api/clips-api.ts";
import type { RecorderRuntime } from "./runtime.ts";
import { apiKeys } from "../../api/keys.ts";

/**
 * Keeps a show's clips and their order on the server as the camper sees them. Returns attachToShow,
 * which PUTs the saved clips in the on-screen order to a show; with `showId` set it runs by itself
 * whenever the saved clips differ from the server's list (a reorder, a removal, a clip saved, loose
 * clips waiting to join the show just saved).
 */
export function useShowClipOrder({
  clips,
  clipsRef,
  runtime,
  showId,
  serverList,
  serverReady,
}: {
  /** The clips on screen. */
  clips: ClipItem[];
  /** The same, current even between renders (a reorder updates it at once): what a save sends. */
  clipsRef: RefObject<ClipItem[]>;
  runtime: RecorderRuntime | null;
  /** The show to keep in step, or null to save the order only when asked. */
  showId: number | null;
  /** The show's clips as the server last listed them. */
  serverList: Clip[] | undefined;
  /** The list is loaded and not being fetched again. */
  serverReady: boolean;
}): (targetShowId: number) => Promise<void> {
  const queryClient = useQueryClient();

  // Order saves run one after another; the latest order is what each one sends.
  const attachQueue = useRef<Promise<unknown>>(Promise.resolve());
  const lastAttached = useRef<string | null>(null);
  const attachToShow = useCallback(
    (targetShowId: number): Promise<void> => {
      const run = attachQueue.current
        .catch(() => undefined)
        .then(async () => {
          const ids = clipsRef.current
            .filter((item) => item.state === "saved" && item.serverId !== null)
            .map((item) => item.serverId!);
          if (ids.length === 0) return;
          lastAttached.current = `${targetShowId}:${ids.join(",")}`;
          await saveShowClipOrder(targetShowId, ids);
          // The show's list first (so the clips never drop out of sight), then the device's records.
          await queryClient.invalidateQueries({ queryKey: apiKeys.clipsRoot });
          if (runtime) {
            for (const item of clipsRef.current) {
              if (item.localId && item.serverId !== null && ids.includes(item.serverId) && item.local?.showId !== targetShowId) {
                await runtime.store.updateClip(item.localId, { showId: targetShowId }).catch(() => undefined);
              }
            }
          }
        });
      attachQueue.current = run;
      return run;
    },
    [clipsRef, queryClient, runtime],
  );

  // Once a show exists, its clips and their order follow what the camper sees.
  const desired = clips.filter((c) => c.state === "saved" && c.serverId !== null).map((c) => c.serverId!).join(",");
  const onServer = (serverList ?? []).map((c) => c.id).join(",");
  useEffect(() => {
    if (showId === null || !serverReady || !desired || desired === onServer) return;
    if (lastAttached.current === `${showId}:${desired}`) return;
    attachToShow(showId).catch((error: unknown) => {
      // Tried again when the network is back or the list changes.
      lastAttached.current = null;
      if (navigator.onLine !== false) {
        toast({ title: "Failed to save the clip order", description: errorMessage(error), variant: "destructive" });
      }
    });
  }, [showId, serverReady, desired, onServer, attachToShow]);

  return attachToShow;
}
