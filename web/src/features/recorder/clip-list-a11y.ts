import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import { useEffect, useRef } from "react";
import { announce, announceError } from "../../lib/announce.ts";
import { stateAnnouncement, type ClipItem } from "../../api/clip-items.ts";

// What the clip list says to a screen reader: how to drag, each move, each state change, each removal.

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "To reorder a clip, press Space or Enter to pick it up. Use the up and down arrow keys to move it, " +
    "then press Space or Enter to drop it where it is, or Escape to put it back.",
};

/**
 * Announcements with the clips' titles and 1-based positions. A move is announced only when the
 * position changes, so the pick-up message is not drowned by "moved to" its own place.
 */
export function clipAnnouncements(
  clips: readonly Pick<ClipItem, "key" | "title">[],
  tracker: { lastOver: UniqueIdentifier | null } = { lastOver: null },
): Announcements {
  const count = clips.length;
  const index = (id: UniqueIdentifier) => clips.findIndex((c) => c.key === id);
  const title = (id: UniqueIdentifier) => clips[index(id)]?.title ?? "The clip";
  return {
    onDragStart: ({ active }) => {
      tracker.lastOver = active.id;
      return `Picked up ${title(active.id)}. Position ${index(active.id) + 1} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === tracker.lastOver) return undefined;
      tracker.lastOver = overId;
      return over
        ? `${title(active.id)} moved to position ${index(over.id) + 1} of ${count}.`
        : `${title(active.id)} is no longer over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped at position ${index(over.id) + 1} of ${count}.`
        : `${title(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${title(active.id)} went back to position ${index(active.id) + 1} of ${count}.`,
  };
}

/**
 * Removing a clip takes its row, and the focused Remove button with it: focus goes to the Remove
 * button of the clip that took its place (or the one before it when the last was removed, or the
 * list's heading when none is left), and the removal is announced.
 */
export function useFocusAfterRemoval(clips: ClipItem[], onRemove: (item: ClipItem) => Promise<void>, headingId?: string) {
  const pending = useRef<{ key: string; index: number; title: string } | null>(null);
  useEffect(() => {
    const removal = pending.current;
    if (!removal || clips.some((c) => c.key === removal.key)) return;
    pending.current = null;
    const next = clips[Math.min(removal.index, clips.length - 1)];
    const left = clips.length === 0 ? "No clips left." : `${clips.length} ${clips.length === 1 ? "clip" : "clips"} left.`;
    announce(`${removal.title} removed. ${left}`);
    const target = next
      ? [...document.querySelectorAll<HTMLElement>("[data-clip-remove]")].find((el) => el.dataset.clipRemove === next.key)
      : headingId
        ? document.getElementById(headingId)
        : null;
    if (!target) return;
    if (!next && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [clips, headingId]);

  return async (item: ClipItem) => {
    pending.current = { key: item.key, index: clips.findIndex((c) => c.key === item.key), title: item.title };
    try {
      await onRemove(item);
    } catch (error) {
      pending.current = null;
      throw error;
    }
  };
}

/**
 * "Recording 2 is saved." when a clip's state changes; nothing for every percent. Said through the
 * app's live regions; a failed upload is an error, so it is the one said assertively.
 */
export function useStateAnnouncements(clips: ClipItem[]) {
  const previous = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    const now = new Map(clips.map((c) => [c.key, `${c.state}|${c.error ?? ""}`]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    const changed = clips.filter((c) => before.has(c.key) && before.get(c.key) !== now.get(c.key));
    const failed = changed.filter((c) => c.state === "failed");
    const routine = changed.filter((c) => c.state !== "failed");
    if (routine.length > 0) announce(routine.map(stateAnnouncement).join(" "));
    if (failed.length > 0) announceError(failed.map(stateAnnouncement).join(" "));
  }, [clips]);
}
