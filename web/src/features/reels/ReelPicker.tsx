import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useRef } from "react";
import type { ReelCandidate } from "../../../../contracts/reels.ts";
import { cn } from "../../lib/utils.ts";
import { StepKeyboardSensor, keyboardCoordinates } from "../../lib/keyboard-sensor.ts";

/** 75 -> "1:15". */
export function formatLength(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const nameOf = (c: ReelCandidate) => `${c.firstName}${c.lastInitial ? ` ${c.lastInitial}.` : ""}`;
const labelOf = (c: ReelCandidate) => `${nameOf(c)}: ${c.title}`;

/** Said by the screen reader as a video is picked up, moved and dropped (1-based positions). */
function orderAnnouncements(items: readonly ReelCandidate[], tracker: { lastOver: UniqueIdentifier | null }): Announcements {
  const index = (id: UniqueIdentifier) => items.findIndex((c) => String(c.showId) === id);
  const label = (id: UniqueIdentifier) => (items[index(id)] ? labelOf(items[index(id)]!) : "The video");
  const count = items.length;
  return {
    onDragStart: ({ active }) => {
      tracker.lastOver = active.id;
      return `Picked up ${label(active.id)}. Position ${index(active.id) + 1} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === tracker.lastOver) return undefined;
      tracker.lastOver = overId;
      return over ? `${label(active.id)} moved to position ${index(over.id) + 1} of ${count}.` : undefined;
    },
    onDragEnd: ({ active, over }) => (over ? `${label(active.id)} dropped at position ${index(over.id) + 1} of ${count}.` : `${label(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Reordering cancelled. ${label(active.id)} went back to position ${index(active.id) + 1} of ${count}.`,
  };
}

const screenReaderInstructions = {
  draggable:
    "To move a video in the reel, press Space or Enter to pick it up. Use the up and down arrow keys to move it, " +
    "then press Space or Enter to drop it, or Escape to put it back.",
};

/**
 * The reel's videos: tick approved videos (a camper without a media release cannot be ticked, and the
 * list says why), then order the ticked ones by mouse, touch or keyboard (the same sensors as the clip list).
 */
export function ReelPicker({ candidates, chosen, onChange }: { candidates: ReelCandidate[]; chosen: number[]; onChange(next: number[]): void }) {
  const byId = new Map(candidates.map((c) => [c.showId, c]));
  const ordered = chosen.flatMap((id) => byId.get(id) ?? []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(StepKeyboardSensor, { coordinateGetter: keyboardCoordinates }));
  const tracker = useRef<{ lastOver: UniqueIdentifier | null }>({ lastOver: null });

  function toggle(showId: number, on: boolean) {
    onChange(on ? [...chosen, showId] : chosen.filter((id) => id !== showId));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ordered.findIndex((c) => String(c.showId) === active.id);
    const to = ordered.findIndex((c) => String(c.showId) === over.id);
    if (from < 0 || to < 0) return;
    const next = ordered.map((c) => c.showId);
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Approved videos</legend>
        {candidates.length === 0 && <p className="text-slate-800">No approved videos here yet.</p>}
        <ul className="grid gap-2">
          {candidates.map((c) => {
            const id = `reel-pick-${c.showId}`;
            return (
              <li key={c.showId} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
                <input
                  id={id}
                  type="checkbox"
                  className="size-6 shrink-0 accent-lake-700"
                  checked={chosen.includes(c.showId)}
                  disabled={!c.mediaRelease}
                  aria-describedby={c.mediaRelease ? undefined : `${id}-why`}
                  onChange={(e) => toggle(c.showId, e.target.checked)}
                />
                {/* A still, not the video: a picker of 50 campers on camp Wi-Fi loads 50 small pictures, and looking is not watching (no audit entry). */}
                <img
                  alt=""
                  src={c.posterUrl}
                  width={96}
                  height={54}
                  loading="lazy"
                  decoding="async"
                  onError={(e) => (e.currentTarget.style.visibility = "hidden")}
                  className="h-[54px] w-24 shrink-0 rounded bg-slate-900 object-contain"
                />
                <label htmlFor={id} className="grid min-h-11 min-w-0 flex-1 content-center break-words text-slate-900">
                  <span className="font-semibold">{nameOf(c)}</span>
                  <span>
                    {c.title} <span className="text-slate-800">({formatLength(c.durationSeconds)})</span>
                  </span>
                  {!c.mediaRelease && (
                    <span id={`${id}-why`} className="text-sm text-slate-800">
                      No media release: left out of reels. Their video stays theirs to watch and download.
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <section aria-labelledby="reel-order-heading" className="grid content-start gap-3">
        <h2 id="reel-order-heading" className="text-lg font-semibold text-slate-900">
          Order in the reel
        </h2>
        {ordered.length === 0 ? (
          <p className="text-slate-800">Tick the videos to put in the reel.</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements: orderAnnouncements(ordered, tracker.current), screenReaderInstructions }}
          >
            <SortableContext items={ordered.map((c) => String(c.showId))} strategy={verticalListSortingStrategy}>
              <ol aria-label="Videos in the reel, in order" className="grid gap-2">
                {ordered.map((c, i) => (
                  <OrderRow key={c.showId} candidate={c} position={i + 1} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </section>
    </div>
  );
}

function OrderRow({ candidate, position }: { candidate: ReelCandidate; position: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: String(candidate.showId) });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="reel-order-row"
      className={cn("flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2", isDragging && "relative z-10 shadow-lg ring-2 ring-lake-600")}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${labelOf(candidate)}`}
        className="flex h-11 w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-lake-700 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <span className="w-6 text-right font-semibold text-slate-900">{position}.</span>
      <span className="min-w-0 break-words text-slate-900">{labelOf(candidate)}</span>
    </li>
  );
}
