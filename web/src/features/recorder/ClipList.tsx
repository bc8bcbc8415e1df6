import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useRef } from "react";
import { clipAnnouncements, screenReaderInstructions, useFocusAfterRemoval, useStateAnnouncements } from "./clip-list-a11y.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { ClipRow } from "./ClipRow.tsx";
import { StepKeyboardSensor, keyboardCoordinates } from "../../lib/keyboard-sensor.ts";

export { clipAnnouncements, keyboardCoordinates, screenReaderInstructions };

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
