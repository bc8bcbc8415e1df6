import { CheckCircle2, ThumbsUp, Trash2 } from "lucide-react";
import { useId } from "react";
import type { Shot, ShotTake } from "../../../../contracts/shots.ts";
import { NoCaptionsNote } from "../../components/a11y/no-captions-note.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useClipTrack } from "../../api/clip-captions.ts";
import { stateLabel, type ClipItem } from "../../api/clip-items.ts";
import { PhotoThumb } from "../../components/shows/PhotoThumb.tsx";
import { percent } from "./shot-format.ts";

export interface ShotTakesProps {
  shot: Shot;
  /** The show's clips (device and server): the takes' players and upload states. */
  clips: readonly ClipItem[];
  aspectRatio: string;
  /** The show's saved script: a take's captions are the lines it is heard saying. */
  script: string | null;
  choosing: boolean;
  onChoose: (take: ShotTake) => void;
  /** The app's clip removal (server and device copy). */
  onDelete: (item: ClipItem) => Promise<void>;
}

function takeFigures(take: ShotTake): string | null {
  if (take.wordMatch === null) return null;
  const missed = take.missedSentences ?? 0;
  const lines = missed === 0 ? "no lines missed" : `${missed} ${missed === 1 ? "line" : "lines"} missed`;
  return `${percent(take.wordMatch)} of the words, ${lines}`;
}

function DeleteTake({ label, item, onDelete }: { label: string; item: ClipItem; onDelete: (item: ClipItem) => Promise<void> }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-800" aria-label={`Delete ${label}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${label}?`}
      description="This take is deleted for good. Your other takes stay."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      cancelLabel="Keep it"
      // The removal raises its own toast when it fails.
      onConfirm={() => onDelete(item)}
    />
  );
}

/** One take: its player, its check figures, whether the video uses it, and its buttons. */
function TakeRow({ shot, take, index, item, aspectRatio, script, choosing, onChoose, onDelete }: Omit<ShotTakesProps, "clips"> & { take: ShotTake; index: number; item: ClipItem | undefined }) {
  const noteId = useId();
  // A photo take has no words: no captions, no check figures, no lines to match.
  const photo = item?.kind === "photo";
  const { trackUrl, noCaptions, captionsNote } = useClipTrack(photo ? undefined : (item?.server ?? undefined), script);
  const label = `shot ${shot.number}, take ${index + 1}`;
  const figures = photo ? null : takeFigures(take);
  return (
    <li data-testid="take" data-clip-id={take.clipId} data-chosen={take.chosen ? "true" : "false"} className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <div className="w-full max-w-[10rem] overflow-hidden rounded-md bg-slate-950" style={{ aspectRatio }}>
        {photo ? (
          <PhotoThumb src={item.server?.posterUrl ?? item.mediaUrl} title={label} />
        ) : item?.mediaUrl && (
          <video
            controls
            preload="metadata"
            playsInline
            src={item.mediaUrl}
            poster={item.server?.posterUrl ?? undefined}
            aria-label={`Play ${label}`}
            aria-describedby={noCaptions ? noteId : undefined}
            className="size-full object-contain"
          >
            {trackUrl && <track kind="captions" src={trackUrl} srcLang="en" label="English (your reading)" default />}
          </video>
        )}
      </div>
      <div className="grid min-w-0 content-start gap-1 text-sm">
        <p className="font-semibold text-slate-900">Take {index + 1}{photo && ": a photo"}</p>
        {!photo && item?.mediaUrl && noCaptions && <NoCaptionsNote id={noteId} text={captionsNote} />}
        {figures && <p className="text-slate-700">{figures}</p>}
        {!photo && !take.matchesLines && <p className="font-medium text-amber-900">This take no longer matches the lines (they were changed).</p>}
        <div className="flex flex-wrap items-center gap-2">
          {take.chosen ? (
            <p className="flex items-center gap-1 font-semibold text-green-900">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Used in your video
            </p>
          ) : (
            <Button variant="outline" size="sm" onClick={() => onChoose(take)} busy={choosing} aria-label={`Use ${label}`}>
              <ThumbsUp aria-hidden="true" />
              Use
            </Button>
          )}
          {item && <DeleteTake label={label} item={item} onDelete={onDelete} />}
        </div>
      </div>
    </li>
  );
}

/** The shot's chosen take when it is a photo (undefined otherwise). */
export function chosenPhoto(shot: Pick<Shot, "chosenClipId">, clips: readonly ClipItem[]): ClipItem | undefined {
  const item = shot.chosenClipId === null ? undefined : clips.find((c) => c.serverId === shot.chosenClipId);
  return item?.kind === "photo" ? item : undefined;
}

/**
 * The shot's picture when its chosen take is a photo: shown on the shot's card, since a photo has no
 * lines to check and nothing to play.
 */
export function ShotPicture({ shot, item }: { shot: Pick<Shot, "number">; item: ClipItem }) {
  return (
    <figure data-testid="shot-picture" className="grid gap-1">
      <div className="aspect-video w-full max-w-[12rem] overflow-hidden rounded-md">
        <PhotoThumb src={item.server?.posterUrl ?? item.mediaUrl} title={`${item.title}, the picture of shot ${shot.number}`} />
      </div>
      <figcaption className="text-sm text-slate-700">Your video shows this photo for shot {shot.number}.</figcaption>
    </figure>
  );
}

/**
 * A shot's takes, oldest first: the ones the server has (with the choice and their figures), then the
 * ones still on their way from this device.
 */
export function ShotTakes({ shot, clips, ...rest }: ShotTakesProps) {
  const known = new Set(shot.takes.map((t) => t.clipId));
  const arriving = clips.filter((c) => c.local?.shotId === shot.id && c.state !== "recording" && (c.serverId === null || !known.has(c.serverId)));
  if (shot.takes.length === 0 && arriving.length === 0) return null;
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <h4 className="text-sm font-semibold text-slate-800">Takes of shot {shot.number}</h4>
      <ol className="grid gap-3" aria-label={`Takes of shot ${shot.number}`}>
        {shot.takes.map((take, index) => (
          <TakeRow key={take.clipId} shot={shot} take={take} index={index} item={clips.find((c) => c.serverId === take.clipId)} {...rest} />
        ))}
        {arriving.map((item) => (
          <li key={item.key} data-testid="take-arriving" className="text-sm text-slate-700">
            {item.kind === "photo" ? "New photo" : "New take"}: {stateLabel(item)}
          </li>
        ))}
      </ol>
    </div>
  );
}
