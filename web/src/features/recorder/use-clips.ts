import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useIdleHold } from "../../lib/idle-activity.ts";
import type { Clip } from "../../../../contracts/clips.ts";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { mergeClips, type ClipItem } from "../../api/clip-items.ts";
import { deleteClip, fetchClips } from "../../api/clips-api.ts";
import { useDeviceClips, useRecorderRuntime } from "./use-device-clips.ts";
import { useShowClipOrder } from "./use-show-clip-order.ts";
import { apiKeys } from "../../api/keys.ts";

export interface UseClipsOptions {
  userId: number;
  /** The saved show on screen, or null before the story is first saved. */
  showId: number | null;
  /**
   * Keep the show's clip order on the server by itself: once a show exists, whenever the saved clips
   * on screen are in a different order than the server's (a reorder, a removal, a clip saved, loose
   * clips waiting to join the show just saved), PUT the order. Default true.
   */
  autoAttach?: boolean;
}

export interface ClipsController {
  /** In the order the camper sees (and the show keeps). */
  clips: ClipItem[];
  /** True until the device's clips and the server's list have loaded. */
  isLoading: boolean;
  /** The server's list could not be loaded (device clips still show). */
  loadError: string | null;
  /** False when this browser keeps takes in memory only (no IndexedDB): they are lost if the tab closes. */
  persistent: boolean;
  reorder(from: number, to: number): void;
  /** Removes the clip from the server (DELETE /api/clips/{id}) and from this device. */
  remove(item: ClipItem): Promise<void>;
  /** Sends a failed clip again, from its device copy. */
  retry(item: ClipItem): Promise<void>;
  /** PUT /api/recordings/{showId}/clips with the saved clips in the current order. */
  attachToShow(showId: number): Promise<void>;
  /** The device copy of a clip (for preview and download), or null when the device has none. */
  localBlob(item: ClipItem): Promise<Blob | null>;
}

export function useClips({ userId, showId, autoAttach = true }: UseClipsOptions): ClipsController {
  const queryClient = useQueryClient();
  const runtime = useRecorderRuntime();
  const local = useDeviceClips(runtime, userId);
  // Nor is a clip still going up to the server (decision 027e).
  useIdleHold((local ?? []).some((c) => c.state === "recording" || c.state === "uploading"));
  const [order, setOrder] = useState<string[]>([]);

  const serverQuery = useQuery<Clip[], Error>({
    queryKey: apiKeys.clips(showId),
    queryFn: ({ signal }) => fetchClips(showId, signal),
  });

  // A clip just saved on the server: refresh the list so its server copy (playback, download) shows.
  const savedIds = (local ?? []).filter((c) => c.state === "saved").map((c) => c.localId).join(",");
  const previousSaved = useRef(savedIds);
  useEffect(() => {
    if (previousSaved.current !== savedIds) {
      previousSaved.current = savedIds;
      void queryClient.invalidateQueries({ queryKey: apiKeys.clipsRoot });
    }
  }, [savedIds, queryClient]);

  const clips = useMemo(
    () =>
      mergeClips(local ?? [], {
        showId,
        server: serverQuery.data,
        serverFetchedAt: serverQuery.dataUpdatedAt,
        order,
      }),
    [local, showId, serverQuery.data, serverQuery.dataUpdatedAt, order],
  );
  const clipsRef = useRef(clips);
  clipsRef.current = clips;

  // A loose device clip the server put on this show by itself (a story's first clip makes its show):
  // the device learns where the clip lives, or the next story's screen would count it as loose and
  // try to move it onto that show (refused: "not on another show").
  useEffect(() => {
    if (!runtime || showId === null) return;
    for (const item of clips) {
      if (item.localId && item.local?.showId === null && item.server?.showId === showId) {
        void runtime.store.updateClip(item.localId, { showId }).catch(() => undefined);
      }
    }
  }, [clips, showId, runtime]);

  const reorder = useCallback(
    (from: number, to: number) => {
      const current = clipsRef.current;
      if (from === to || from < 0 || to < 0 || from >= current.length || to >= current.length) return;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      clipsRef.current = next;
      setOrder(next.map((item) => item.key));
      // The device remembers the order too (positions), for the next visit.
      if (runtime) {
        next.forEach((item, position) => {
          if (item.localId && item.local?.position !== position) {
            void runtime.store.updateClip(item.localId, { position }).catch(() => undefined);
          }
        });
      }
    },
    [runtime],
  );

  const attachToShow = useShowClipOrder({
    clips,
    clipsRef,
    runtime,
    showId: autoAttach ? showId : null,
    serverList: serverQuery.data,
    serverReady: serverQuery.isSuccess && !serverQuery.isFetching,
  });

  // Back online: the lists (and with them any order save that failed) are fetched again.
  useEffect(() => {
    const onOnline = () => void queryClient.invalidateQueries({ queryKey: apiKeys.clipsRoot });
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [queryClient]);

  const remove = useCallback(
    async (item: ClipItem) => {
      try {
        if (runtime && item.localId) await runtime.manager.cancel(item.localId);
        if (item.serverId !== null) {
          await deleteClip(item.serverId);
          queryClient.setQueriesData<Clip[]>({ queryKey: apiKeys.clipsRoot }, (list) => list?.filter((c) => c.id !== item.serverId));
        }
        if (runtime && item.localId) await runtime.store.deleteClip(item.localId);
        setOrder((keys) => keys.filter((key) => key !== item.key));
      } catch (error) {
        toast({ title: "Failed to remove clip", description: errorMessage(error), variant: "destructive" });
        // A failed removal leaves the upload where it was: let it carry on.
        if (runtime && item.localId && item.state !== "saved" && item.state !== "failed") runtime.manager.resume(item.localId);
        throw error;
      }
    },
    [queryClient, runtime],
  );

  const retry = useCallback(
    async (item: ClipItem) => {
      if (runtime && item.localId) await runtime.manager.retry(item.localId);
    },
    [runtime],
  );

  const localBlob = useCallback(
    async (item: ClipItem): Promise<Blob | null> => {
      if (!runtime || !item.localId || !item.local || item.state === "saved") return null;
      const blob = await runtime.store.getChunksFrom(item.localId, 0);
      return blob.size > 0 ? new Blob([blob], { type: item.local.mimeType.split(";")[0] }) : null;
    },
    [runtime],
  );

  return {
    clips,
    isLoading: local === null || serverQuery.isLoading,
    loadError: serverQuery.error ? errorMessage(serverQuery.error) : null,
    persistent: runtime?.store.persistent ?? true,
    reorder,
    remove,
    retry,
    attachToShow,
    localBlob,
  };
}
