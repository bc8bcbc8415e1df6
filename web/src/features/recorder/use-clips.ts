import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { clipSchema, type Clip } from "../../../../contracts/clips.ts";
import { toast } from "../../hooks/use-toast.ts";
import { ApiError, apiRequest, errorMessage, getJson } from "../../lib/api.ts";
import { mergeClips, type ClipItem } from "./clip-items.ts";
import type { LocalClip } from "./clip-store.ts";
import { getRecorderRuntime, recoverUnfinished, type RecorderRuntime } from "./runtime.ts";

export const CLIPS_ROOT = "/api/clips";

/** Query keys: every clips list starts with CLIPS_ROOT, so invalidating [CLIPS_ROOT] refreshes them all. */
export const clipKeys = {
  list: (showId: number | null) => [CLIPS_ROOT, "list", showId === null ? "loose" : showId] as const,
};

export function clipsListUrl(showId: number | null): string {
  return showId === null ? `${CLIPS_ROOT}?loose=true` : `${CLIPS_ROOT}?showId=${showId}`;
}

/** A show's clips in order (or the loose ones), checked against the shared contract. */
export function fetchClips(showId: number | null, signal?: AbortSignal): Promise<Clip[]> {
  return getJson(clipsListUrl(showId), z.array(clipSchema), { signal });
}

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
  const [runtime, setRuntime] = useState<RecorderRuntime | null>(null);
  const [local, setLocal] = useState<LocalClip[] | null>(null);
  const [order, setOrder] = useState<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    void getRecorderRuntime().then((value) => !cancelled && setRuntime(value));
    return () => {
      cancelled = true;
    };
  }, []);

  // The device's clips, kept current by the store's change events (new chunks, states, progress).
  useEffect(() => {
    if (!runtime) return;
    const { store } = runtime;
    let cancelled = false;
    const pending: { localId: string; clip: LocalClip | null }[] = [];
    let loaded = false;
    const apply = (list: LocalClip[], change: { localId: string; clip: LocalClip | null }) => {
      const rest = list.filter((c) => c.localId !== change.localId);
      return change.clip && change.clip.userId === userId ? [...rest, change.clip] : rest;
    };
    const unsubscribe = store.subscribe((change) => {
      if (cancelled) return;
      if (!loaded) pending.push(change);
      else setLocal((list) => apply(list ?? [], change));
    });
    void store
      .listClips(userId)
      .then((list) => {
        if (cancelled) return;
        loaded = true;
        setLocal(pending.reduce(apply, list));
        return recoverUnfinished(runtime, userId);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setLocal([]);
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [runtime, userId]);

  const serverQuery = useQuery<Clip[], Error>({
    queryKey: clipKeys.list(showId),
    queryFn: ({ signal }) => fetchClips(showId, signal),
  });

  // A clip just saved on the server: refresh the list so its server copy (playback, download) shows.
  const savedIds = (local ?? []).filter((c) => c.state === "saved").map((c) => c.localId).join(",");
  const previousSaved = useRef(savedIds);
  useEffect(() => {
    if (previousSaved.current !== savedIds) {
      previousSaved.current = savedIds;
      void queryClient.invalidateQueries({ queryKey: [CLIPS_ROOT] });
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
          await apiRequest("PUT", `/api/recordings/${targetShowId}/clips`, { clipIds: ids });
          // The show's list first (so the clips never drop out of sight), then the device's records.
          await queryClient.invalidateQueries({ queryKey: [CLIPS_ROOT] });
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
    [queryClient, runtime],
  );

  // Once a show exists, its clips and their order follow what the camper sees.
  const desired = clips.filter((c) => c.state === "saved" && c.serverId !== null).map((c) => c.serverId!).join(",");
  const onServer = (serverQuery.data ?? []).map((c) => c.id).join(",");
  const serverReady = serverQuery.isSuccess && !serverQuery.isFetching;
  useEffect(() => {
    if (!autoAttach || showId === null || !serverReady || !desired || desired === onServer) return;
    if (lastAttached.current === `${showId}:${desired}`) return;
    attachToShow(showId).catch((error: unknown) => {
      // Tried again when the network is back or the list changes.
      lastAttached.current = null;
      if (navigator.onLine !== false) {
        toast({ title: "Failed to save the clip order", description: errorMessage(error), variant: "destructive" });
      }
    });
  }, [autoAttach, showId, serverReady, desired, onServer, attachToShow]);

  // Back online: the lists (and with them any order save that failed) are fetched again.
  useEffect(() => {
    const onOnline = () => void queryClient.invalidateQueries({ queryKey: [CLIPS_ROOT] });
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [queryClient]);

  const remove = useCallback(
    async (item: ClipItem) => {
      try {
        if (runtime && item.localId) await runtime.manager.cancel(item.localId);
        if (item.serverId !== null) {
          try {
            await apiRequest("DELETE", `${CLIPS_ROOT}/${item.serverId}`);
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
          queryClient.setQueriesData<Clip[]>({ queryKey: [CLIPS_ROOT] }, (list) => list?.filter((c) => c.id !== item.serverId));
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
