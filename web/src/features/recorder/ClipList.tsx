import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Download, GripVertical, Play, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NoCaptionsNote } from "../../components/a11y/no-captions-note.tsx";
import { useClipTrack } from "../narration-editor/clip-captions.ts";
import { announce, announceError } from "../../components/a11y/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { downloadBlob } from "../../lib/download.ts";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { PhotoSecondsField } from "../narration-editor/PhotoSecondsField.tsx";
import { clipFileName, formatClock, stateAnnouncement, stateLabel, type ClipItem } from "./clip-items.ts";
import { StepKeyboardSensor, keyboardCoordinates } from "./keyboard-sensor.ts";
import { PhotoThumb } from "./PhotoThumb.tsx";
import { objectUrl, releaseObjectUrl } from "../../lib/object-url.ts";

export { keyboardCoordinates };

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

export interface ClipListProps {
  clips: ClipItem[];
  onReorder(from: number, to: number): void;
  onRemove(item: ClipItem): Promise<void>;
  onRetry(item: ClipItem): Promise<void>;
  /** The device copy of a clip, for preview and download. */
  loadLocalBlob(item: ClipItem): Promise<Blob | null>;
  /** The list's heading: where focus goes when the last clip is removed. */
  headingId?: string;
  /** The show's saved script: a saved clip's captions are the lines it is heard saying (none before a show). */
  script?: string | null;
  className?: string;
}

/** The takes, in show order: drag by mouse or keyboard, play, download, remove, retry. */
export function ClipList({ clips, onReorder, onRemove, onRetry, loadLocalBlob, headingId, script = null, className }: ClipListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // dnd-kit's keyboard model (Space/Enter, arrows, Space/Enter, Escape) at exactly 25 px a press.
    useSensor(StepKeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  useStateAnnouncements(clips);
  const removeWithFocus = useFocusAfterRemoval(clips, onRemove, headingId);
  const dragTracker = useRef<{ lastOver: UniqueIdentifier | null }>({ lastOver: null });

  // A keyboard move may take the clip out of view; once dropped it is brought back into view.
  function revealFocused() {
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.closest('[data-testid="clip-row"]')) {
        focused.scrollIntoView?.({ block: "nearest" });
      }
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    revealFocused();
    if (!over || active.id === over.id) return;
    const from = clips.findIndex((c) => c.key === active.id);
    const to = clips.findIndex((c) => c.key === over.id);
    if (from >= 0 && to >= 0) onReorder(from, to);
  }

  return (
    <div className={className}>
      {clips.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          onDragCancel={revealFocused}
          accessibility={{ announcements: clipAnnouncements(clips, dragTracker.current), screenReaderInstructions }}
        >
          <SortableContext items={clips.map((c) => c.key)} strategy={verticalListSortingStrategy}>
            <ol aria-label="Your clips" className="grid gap-3">
              {clips.map((item) => (
                <ClipRow
                  key={item.key}
                  item={item}
                  onRemove={removeWithFocus}
                  onRetry={onRetry}
                  loadLocalBlob={loadLocalBlob}
                  script={script}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

/**
 * Removing a clip takes its row, and the focused Remove button with it: focus goes to the Remove
 * button of the clip that took its place (or the one before it when the last was removed, or the
 * list's heading when none is left), and the removal is announced.
 */
function useFocusAfterRemoval(clips: ClipItem[], onRemove: (item: ClipItem) => Promise<void>, headingId?: string) {
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
function useStateAnnouncements(clips: ClipItem[]) {
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

interface ClipRowProps {
  item: ClipItem;
  onRemove(item: ClipItem): Promise<void>;
  onRetry(item: ClipItem): Promise<void>;
  loadLocalBlob(item: ClipItem): Promise<Blob | null>;
  script: string | null;
}

const BADGE_STYLES: Record<ClipItem["state"], string> = {
  recording: "bg-red-50 text-red-800 ring-red-200",
  local: "bg-amber-50 text-amber-900 ring-amber-200",
  uploading: "bg-lake-50 text-lake-900 ring-lake-600/30",
  saved: "bg-green-50 text-green-900 ring-green-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

function ClipRow({ item, onRemove, onRetry, loadLocalBlob, script }: ClipRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  });
  const photo = item.kind === "photo";
  const preview = useDevicePreview(item, loadLocalBlob);
  const src = item.mediaUrl ?? preview.url;
  const recording = item.state === "recording";
  const [busy, setBusy] = useState(false);
  const captionsId = useId();
  // Captions come from the server, so a clip only on this device has none yet; a saved one has them once
  // the server has heard which lines it says (nothing is claimed while it listens).
  // A photo has no words, so no captions to ask for.
  const { trackUrl, noCaptions, captionsNote } = useClipTrack(photo ? undefined : (item.server ?? undefined), script);
  const saysNoCaptions = !photo && Boolean(src) && (noCaptions || !item.server);

  async function downloadFromDevice() {
    const blob = await loadLocalBlob(item);
    if (!blob) {
      toast({ title: "Download failed", description: "This clip is not on this device any more.", variant: "destructive" });
      return;
    }
    const name = clipFileName(item.title, item.mimeType);
    downloadBlob(name, blob);
    toast({ title: "Download started", description: name });
  }

  async function retry() {
    setBusy(true);
    try {
      await onRetry(item);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="clip-row"
      data-state={item.state}
      data-local-id={item.localId ?? undefined}
      data-clip-id={item.serverId ?? undefined}
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-nowrap",
        isDragging && "relative z-10 shadow-lg ring-2 ring-lake-600",
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${item.title}`}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <div className="aspect-video w-24 shrink-0 overflow-hidden rounded-md bg-slate-900 sm:w-32">
        {photo ? (
          <PhotoThumb src={item.server?.posterUrl ?? item.mediaUrl ?? preview.url} title={item.title} />
        ) : src ? (
          <video
            controls
            preload="metadata"
            playsInline
            autoPlay={src === preview.url}
            src={src}
            // The server's still from the clip, so the row shows a picture rather than a black box.
            poster={item.server?.posterUrl ?? undefined}
            aria-label={`Play ${item.title}`}
            aria-describedby={saysNoCaptions ? captionsId : undefined}
            className="h-full w-full object-cover"
          >
            {trackUrl && <track kind="captions" src={trackUrl} srcLang="en" label="English (your reading)" default />}
          </video>
        ) : preview.available ? (
          <button
            type="button"
            onClick={() => void preview.open()}
            aria-label={`Play ${item.title} from this device`}
            className="flex h-full w-full items-center justify-center text-white hover:bg-slate-800"
          >
            <Play aria-hidden="true" className="size-7" />
          </button>
        ) : (
          <div className="flex h-full items-center justify-center px-2 text-center text-xs text-white">
            {recording ? "Recording..." : "Preview soon"}
          </div>
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <p data-clip-title className="truncate font-semibold text-slate-900">
          {item.title}
        </p>
        {photo ? (
          item.server ? (
            <PhotoSecondsField clip={item.server} />
          ) : (
            <p className="text-sm text-slate-700">
              {item.durationSeconds} seconds on screen (you can change it once it is uploaded)
            </p>
          )
        ) : (
          <p className="text-sm text-slate-700">
            {item.durationSeconds !== null ? formatClock(item.durationSeconds) : "-:--"}
          </p>
        )}
        {saysNoCaptions && <NoCaptionsNote id={captionsId} text={item.server ? captionsNote : undefined} />}
        <p>
          <span
            className={cn(
              "inline-flex max-w-full rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
              BADGE_STYLES[item.state],
            )}
          >
            <span className="break-words">{stateLabel(item)}</span>
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {item.state === "failed" && (
          <Button size="sm" variant="secondary" onClick={() => void retry()} disabled={busy} aria-label={`Retry ${item.title}`}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        )}
        {item.downloadUrl && item.state === "saved" ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={item.downloadUrl}
              download={clipFileName(item.title, item.mimeType)}
              aria-label={`Download ${item.title}`}
              onClick={() => toast({ title: "Download started", description: clipFileName(item.title, item.mimeType) })}
            >
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void downloadFromDevice()}
            disabled={recording || !item.local || item.state === "saved"}
            aria-label={`Download ${item.title}`}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
        <RemoveClipButton item={item} disabled={recording} onRemove={onRemove} />
      </div>
    </li>
  );
}

function RemoveClipButton({
  item,
  disabled,
  onRemove,
}: {
  item: ClipItem;
  disabled: boolean;
  onRemove(item: ClipItem): Promise<void>;
}) {
  const onServer = item.serverId !== null && item.state === "saved";
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" disabled={disabled} aria-label={`Remove ${item.title}`} data-clip-remove={item.key}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      }
      title={`Remove ${item.title}?`}
      description={
        onServer
          ? "The clip is deleted from your story and from the server. This can't be undone."
          : "This clip is not saved on the server yet. Removing it deletes the only copy, on this device. This can't be undone."
      }
      confirmLabel="Remove"
      cancelLabel="Keep it"
      // The dialog closes at once; the row shows the removal and its failure.
      onConfirm={() => void onRemove(item).catch(() => undefined)}
    />
  );
}

/**
 * Plays the device copy on request (a clip the server can't play yet). Loaded only when asked for,
 * so no row holds a large object URL it may never use, and none points at chunks about to be
 * deleted once the server has confirmed the clip.
 */
function useDevicePreview(item: ClipItem, loadLocalBlob: (item: ClipItem) => Promise<Blob | null>) {
  const [url, setUrl] = useState<string | null>(null);
  const available = item.mediaUrl === null && item.local !== null && item.state !== "recording" && item.state !== "saved";
  const urlRef = useRef<string | null>(null);
  // A photo's picture shows at once (it is small, and there is nothing to play): load it while there is
  // no server copy.
  const showPhoto = item.kind === "photo" && available;
  useEffect(() => {
    if (showPhoto) void open();
    // open() is the same work every render; only whether to show matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showPhoto]);

  // The server's copy took over (or the row went away): let the device copy's URL go.
  useEffect(() => {
    if (item.mediaUrl === null) return;
    releaseObjectUrl(urlRef.current);
    urlRef.current = null;
    setUrl(null);
  }, [item.mediaUrl]);
  useEffect(
    () => () => releaseObjectUrl(urlRef.current),
    [],
  );

  async function open() {
    const blob = await loadLocalBlob(item);
    if (!blob) return;
    releaseObjectUrl(urlRef.current);
    urlRef.current = objectUrl(blob);
    setUrl(urlRef.current);
  }

  return { available, url, open };
}
