import { ChevronRight, ThumbsUp } from "lucide-react";
import type { Clip } from "../../../../contracts/clips.ts";
import { Button } from "../../components/ui/button.tsx";
import { PhotoThumb } from "../../components/shows/PhotoThumb.tsx";
import { useChooseTake } from "../../api/shots-api.ts";
import { formatSeconds } from "./length-format.ts";

/** A shot's takes numbered as the shots screen numbers them: oldest first, from 1. */
export function takeNumbers(takes: readonly Clip[]): Map<number, number> {
  const ordered = [...takes].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return new Map(ordered.map((take, i) => [take.id, i + 1]));
}

interface OtherTakesProps {
  showId: number;
  shotId: number;
  shotNumber: number;
  takes: readonly Clip[];
  numbers: Map<number, number>;
  aspectRatio: string;
}

/**
 * The takes of a shot that the video does not use, folded under the shot (a native disclosure, so the
 * keyboard and screen readers open it as any other). Each can be played, and used instead.
 */
export function OtherTakes({ showId, shotId, shotNumber, takes, numbers, aspectRatio }: OtherTakesProps) {
  const chooser = useChooseTake(showId);
  if (takes.length === 0) return null;
  const count = takes.length === 1 ? "1 other take" : `${takes.length} other takes`;
  return (
    <details data-testid="other-takes" className="group rounded-md border border-slate-200 bg-slate-50 p-2 text-sm">
      <summary className="flex cursor-pointer items-center gap-1 rounded font-medium text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-lake-700">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90 motion-reduce:transition-none" />
        Shot {shotNumber}: {count}, not in your video
      </summary>
      <ul className="mt-2 grid gap-3" aria-label={`Takes of shot ${shotNumber} not in your video`}>
        {takes.map((take) => {
          const label = `Shot ${shotNumber}, take ${numbers.get(take.id) ?? "?"}`;
          return (
            <li key={take.id} data-testid="other-take" data-clip-id={take.id} className="grid grid-cols-[8rem_minmax(0,1fr)] items-start gap-2">
              <div className="overflow-hidden rounded bg-slate-950" style={{ aspectRatio }}>
                {take.kind === "photo" ? (
                  <PhotoThumb src={take.posterUrl ?? take.mediaUrl} title={`${label} (not in your video)`} fit="contain" />
                ) : (
                  <video
                    controls
                    preload="metadata"
                    playsInline
                    src={take.mediaUrl}
                    poster={take.posterUrl ?? undefined}
                    aria-label={`Play ${label} (not in your video)`}
                    className="size-full object-contain"
                  />
                )}
              </div>
              <div className="grid min-w-0 gap-1">
                <p className="font-medium text-slate-900">{label}</p>
                <p className="text-slate-700">Not in your video · {formatSeconds(take.usedSeconds)}</p>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    busy={chooser.choosing}
                    aria-label={`Use ${label.toLowerCase()} in your video`}
                    onClick={() => chooser.choose(shotId, take.id, `${label} is in your video now.`)}
                  >
                    <ThumbsUp aria-hidden="true" />
                    Use this take
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
