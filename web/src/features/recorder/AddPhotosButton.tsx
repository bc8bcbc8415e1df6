import { ImagePlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { announce } from "../../lib/announce.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { cn } from "../../lib/utils.ts";
import { useRecorderRuntime } from "./use-device-clips.ts";
import { PHOTO_ACCEPT, addPhotoToDevice, checkPhotoFile } from "./photos.ts";

export interface AddPhotosButtonProps {
  userId: number;
  /** The saved show, or null before the story is first saved. */
  showId: number | null;
  /** Before the story is first saved: its draft key (photos then join the story's show once saved). */
  draftKey?: string | null;
  /** The photo is this shot's picture (its take); several files are then not offered. */
  shotId?: number | null;
  /** The button's words: "Add photos", "Use a photo". */
  label: string;
  /** Its accessible name when the words alone are ambiguous ("Use a photo for shot 2"); starts with them. */
  name?: string;
  /** Say "Photo uploaded" here (where no clip list says it already), and tell the screen. */
  announceUploads?: boolean;
  onUploaded?: () => void;
  className?: string;
}

/**
 * Photos from the camper's files: each one checked by its first bytes and size (the server's rules and
 * words), then kept on this device and uploaded like a take. A refused file is named with the reason,
 * next to the button and in a toast; the others still go.
 */
export function AddPhotosButton({ userId, showId, shotId = null, draftKey = null, label, name, announceUploads = false, onUploaded, className }: AddPhotosButtonProps) {
  const runtime = useRecorderRuntime();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const errorId = useId();
  const added = useUploadNotices(runtime, announceUploads, onUploaded);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file may be picked again next time (after a refusal, say).
    event.target.value = "";
    if (!runtime || files.length === 0) return;
    setBusy(true);
    const refused: string[] = [];
    const titles: string[] = [];
    for (const file of files) {
      const check = await checkPhotoFile(file);
      if (!check.ok) {
        refused.push(`${file.name}: ${check.message}`);
        continue;
      }
      try {
        const clip = await addPhotoToDevice(runtime, file, check.mimeType, { userId, showId, shotId, draftKey });
        added.add(clip.localId);
        titles.push(clip.title);
      } catch (error) {
        refused.push(`${file.name}: ${errorMessage(error)}`);
      }
    }
    setBusy(false);
    setRefusals(refused);
    if (titles.length > 0) announce(titles.length === 1 ? `Photo added: ${titles[0]}.` : `${titles.length} photos added.`);
    if (refused.length > 0) {
      toast({ title: refused.length === 1 ? "Photo not added" : `${refused.length} photos not added`, description: refused.join(" "), variant: "destructive" });
    }
  }

  return (
    <div className={cn("grid gap-1", className)}>
      <div>
        <Button
          variant="outline"
          onClick={() => input.current?.click()}
          busy={busy || !runtime}
          aria-label={name}
          aria-describedby={refusals.length > 0 ? errorId : undefined}
        >
          <ImagePlus aria-hidden="true" />
          {label}
        </Button>
        {/* Opened by the button (a file input can't be styled as one); hidden from the keyboard and readers. */}
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple={shotId === null}
          hidden
          data-testid="photo-input"
          onChange={(event) => void onFiles(event)}
        />
      </div>
      {refusals.length > 0 && (
        <ul id={errorId} role="alert" className="grid gap-0.5 text-sm font-medium text-red-800">
          {refusals.map((text) => (
            <li key={text} className="break-words">
              {text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * "Photo uploaded: {title}." for the photos this button added, once the server has each (and the
 * screen told). Returns the set the button puts each added photo's localId in.
 */
function useUploadNotices(runtime: ReturnType<typeof useRecorderRuntime>, announceUploads: boolean, onUploaded?: () => void) {
  const [added] = useState(() => new Set<string>());
  const latest = useRef({ announceUploads, onUploaded });
  latest.current = { announceUploads, onUploaded };
  useEffect(() => {
    if (!runtime) return;
    return runtime.store.subscribe(({ localId, clip }) => {
      if (!added.has(localId) || (clip !== null && clip.state !== "saved")) return;
      added.delete(localId);
      if (!clip) return;
      if (latest.current.announceUploads) announce(`Photo uploaded: ${clip.title}.`);
      latest.current.onUploaded?.();
    });
  }, [runtime, added]);
  return added;
}
