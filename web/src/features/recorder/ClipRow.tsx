import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Download, GripVertical, Play, RotateCw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { NoCaptionsNote } from "../../components/a11y/no-captions-note.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { toast } from "../../lib/toasts.ts";
import { downloadBlob } from "../../lib/download.ts";
import { cn } from "../../lib/utils.ts";
import { useClipTrack } from "../../api/clip-captions.ts";
import { PhotoSecondsField } from "../../components/shows/PhotoSecondsField.tsx";
import { clipFileName, stateLabel, type ClipItem } from "../../api/clip-items.ts";
import { formatClock } from "../../lib/time-format.ts";
import { PhotoThumb } from "../../components/shows/PhotoThumb.tsx";
import { useDevicePreview } from "./use-device-preview.ts";

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

/** One take in the list: its handle to drag, its picture or player, its state, and what can be done with it. */
export function ClipRow({ item, onRemove, onRetry, loadLocalBlob, script }: ClipRowProps) {
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
