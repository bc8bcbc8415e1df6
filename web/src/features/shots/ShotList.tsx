import { useEffect, useRef, type ReactNode } from "react";
import type { Shot, ShotList as ShotListData } from "../../../../contracts/shots.ts";
import { announce } from "../../lib/announce.ts";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { ShotCard } from "./ShotCard.tsx";
import { useShotChange } from "../../api/shots-api.ts";

export interface ShotListProps {
  list: ShotListData;
  /** The number of the shot the recorder is on. */
  current: number;
  /** Puts the recorder on a shot (absent: no recorder on screen). */
  onRecord?: (shotNumber: number) => void;
  /** A take is being recorded (the recorder stays on its shot until Stop). */
  recording?: boolean;
  /** Each shot's takes, shown inside its card. */
  renderTakes?: (shot: Shot) => ReactNode;
  /** Each shot's "Use a photo" button. */
  renderPhotoAction?: (shot: Shot) => ReactNode;
  /** Each shot's chosen photo, when its picture is a photo (null otherwise). */
  renderPicture?: (shot: Shot) => ReactNode;
}

/**
 * The numbered shots. Merge and split answer the whole new list; focus then goes to the heading of
 * the shot the change made (so it is never lost on a button that went away), and a live message says
 * what happened. Refusals come as a toast in the server's words.
 */
export function ShotList({ list, current, onRecord, recording, renderTakes, renderPhotoAction, renderPicture }: ShotListProps) {
  const change = useShotChange(list.showId);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<number | null>(null);

  useEffect(() => {
    const number = focusAfter.current;
    if (number === null) return;
    focusAfter.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-shot-heading="${number}"]`)?.focus();
  }, [list]);

  function split(shot: Shot, beforeSentence: number) {
    change.mutate(
      { kind: "split", shotId: shot.id, beforeSentence },
      {
        onSuccess: (next) => {
          focusAfter.current = shot.number + 1;
          announce(`Shot ${shot.number} is split in two. You now have ${next.shots.length} shots.`);
        },
        onError: (error) => failed("Couldn't split the shot", error),
      },
    );
  }

  function merge(shot: Shot) {
    change.mutate(
      { kind: "merge", shotId: shot.id },
      {
        onSuccess: (next) => {
          focusAfter.current = shot.number;
          announce(`Shots ${shot.number} and ${shot.number + 1} are one shot now. You have ${next.shots.length} shots.`);
        },
        onError: (error) => failed("Couldn't merge the shots", error),
      },
    );
  }

  return (
    <ol ref={listRef} className="grid gap-4" aria-label="Shots">
      {list.shots.map((shot, index) => (
        <ShotCard
          key={shot.id}
          shot={shot}
          isLast={index === list.shots.length - 1}
          isCurrent={shot.number === current}
          // One change at a time: each answers the whole list, and the next one must start from it.
          busy={change.isPending}
          onRecord={onRecord && (() => onRecord(shot.number))}
          recording={recording}
          photoAction={renderPhotoAction?.(shot)}
          picture={renderPicture?.(shot)}
          onSplit={(beforeSentence) => split(shot, beforeSentence)}
          onMerge={() => merge(shot)}
          saveLines={async (text) => {
            await change.mutateAsync({ kind: "lines", shotId: shot.id, text });
            announce(`Lines of shot ${shot.number} saved.`);
          }}
        >
          {renderTakes?.(shot)}
        </ShotCard>
      ))}
    </ol>
  );
}

/** The toast is itself a live region (read at once, as a destructive one). */
function failed(title: string, error: unknown) {
  toast({ title, description: errorMessage(error), variant: "destructive" });
}
