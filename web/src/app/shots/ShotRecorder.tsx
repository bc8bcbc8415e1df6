import { useEffect, useId, useRef, useState } from "react";
import { videoFormatFor } from "../../../../contracts/product.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { SHOT_MESSAGES } from "../../../../contracts/shots-constants.ts";
import type { Shot, ShotList, TakeSwitch } from "../../../../contracts/shots.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../lib/utils.ts";
import { CameraFrame, CameraOptions } from "../../features/recorder/CameraFrame.tsx";
import { RecordButton } from "../../features/recorder/RecordButton.tsx";
import { useRecordingAnnouncements } from "../../features/recorder/recording-hooks.ts";
import { Teleprompter } from "../../features/recorder/Teleprompter.tsx";
import type { ClipsController } from "../../features/recorder/use-clips.ts";
import { useRecorder } from "../../features/recorder/use-recorder.ts";
import { aboutSeconds, missedSentenceIndexes, takeNumber } from "../../features/shots/shot-format.ts";
import { useChooseTake } from "../../api/shots-api.ts";
import { TakeResult } from "../../features/shots/TakeResult.tsx";
import { useTakeCheck, type TakeRef } from "../../features/shots/use-take-check.ts";

export interface ShotRecorderProps {
  show: Show;
  userId: number;
  list: ShotList;
  /** The shot being recorded. */
  shot: Shot;
  clips: ClipsController;
  /** Puts the recorder on another shot (by number). */
  onSelect: (shotNumber: number) => void;
  /** True from Start until the take is on the device (the list holds its shot in place meanwhile). */
  onRecordingChange: (recording: boolean) => void;
}

/** A take may run well past its estimate (a pause, a laugh) before it stops by itself. */
export function takeLimitSeconds(shot: Pick<Shot, "estimatedSeconds">): number {
  return Math.max(30, Math.ceil(shot.estimatedSeconds * 3));
}

/**
 * Recording to the script: the camera with the current shot's lines as the teleprompter (large, at
 * the camper's speaking pace, the lines the last take missed marked), one Start/Stop button, and after
 * each take its check and what to do next. The takes are ordinary clips (kept on the device and sent
 * by the same tus uploader) that carry their shot.
 */
export function ShotRecorder({ show, userId, list, shot, clips, onSelect, onRecordingChange }: ShotRecorderProps) {
  const format = videoFormatFor(show.videoFormat);
  const aspect = format.aspectRatio;
  const tall = aspect === "9/16";
  const lengthSeconds = takeLimitSeconds(shot);
  const shotRef = useRef(shot);
  shotRef.current = shot;
  const recorder = useRecorder({
    userId,
    showId: show.id,
    shotId: shot.id,
    lengthSeconds,
    nextTitle: () => `Shot ${shotRef.current.number}, take ${shotRef.current.takes.length + 1}`,
    aspect,
  });
  const { status } = recorder;
  const recording = status !== "idle";
  const ids = { heading: useId(), frame: useId() };
  const controls = useRef<HTMLDivElement>(null);
  const focusRecordButton = () => controls.current?.querySelector<HTMLElement>("[data-record-button]")?.focus();

  // The lines the last take of a shot missed, marked in the teleprompter when it is recorded again.
  const [highlight, setHighlight] = useState<{ shotId: number; indexes: Set<number> } | null>(null);
  const [take, setTake] = useState<TakeRef | null>(null);
  // "Record again" for a shot not on screen: start once the recorder is on it.
  const [startFor, setStartFor] = useState<number | null>(null);

  useEffect(() => {
    const localId = recorder.currentLocalId;
    if (localId && localId !== take?.localId) setTake({ localId, shotId: shotRef.current.id, shotNumber: shotRef.current.number });
  }, [recorder.currentLocalId, take?.localId]);

  useEffect(() => onRecordingChange(recording), [recording, onRecordingChange]);
  useRecordingAnnouncements(status, recorder.elapsed, lengthSeconds);

  const start = recorder.start;
  useEffect(() => {
    if (startFor === null || startFor !== shot.id || status !== "idle") return;
    setStartFor(null);
    void start();
  }, [startFor, shot.id, status, start]);

  const item = take ? clips.clips.find((c) => c.localId === take.localId) : undefined;
  const check = useTakeCheck(show.id, take, item);
  const takeShot = take ? list.shots.find((s) => s.id === take.shotId) : undefined;
  const chooser = useChooseTake(show.id);

  function recordAgain() {
    if (!take || !takeShot) return;
    const scriptCheck = check.clip?.scriptCheck ?? null;
    setHighlight({ shotId: takeShot.id, indexes: missedSentenceIndexes(takeShot, scriptCheck) });
    onSelect(takeShot.number);
    setStartFor(takeShot.id);
    focusRecordButton();
  }

  function next() {
    if (!take) return;
    onSelect(take.shotNumber + 1);
    focusRecordButton();
  }

  function use(clipId: number) {
    if (take) chooser.choose(take.shotId, clipId, `Your video uses this take for shot ${take.shotNumber}.`);
  }

  function undoSwitch(change: TakeSwitch) {
    const shotNow = list.shots.find((s) => s.id === change.shotId);
    const before = shotNow ? takeNumber(shotNow, change.previousClipId) : null;
    const done = shotNow && before !== null ? SHOT_MESSAGES.takeSwitchUndone(shotNow.number, before) : "Your video uses the take it used before.";
    chooser.choose(change.shotId, change.previousClipId, done);
  }

  const highlighted = highlight?.shotId === shot.id ? highlight.indexes : undefined;
  const nextNumber = take && take.shotNumber < list.shots.length ? take.shotNumber + 1 : null;

  return (
    <Card as="section" aria-labelledby={ids.heading} className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle id={ids.heading}>
          Shot {shot.number} of {list.shots.length}
        </CardTitle>
        <p className="text-sm text-slate-700">
          {aboutSeconds(shot.estimatedSeconds)}. Read the lines as they scroll up; they move at your speaking pace.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!clips.persistent && (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This browser won't keep takes on the device (a private window?). Keep this tab open until each take is saved.
          </p>
        )}
        <Teleprompter
          narration={shot.text}
          sentences={shot.sentences}
          highlighted={highlighted}
          running={status === "recording"}
          paceWpm={list.wordsPerSecond * 60}
          large
          stageClassName={cn("mx-auto w-full", tall ? "max-w-[calc(60vh*9/16)] min-w-[min(15rem,100%)]" : "max-w-[calc(55vh*16/9)]")}
        >
          <CameraFrame recorder={recorder} aspect={aspect} describedBy={ids.frame} freeTopClassName="h-1/2" />
        </Teleprompter>
        {highlighted && highlighted.size > 0 && (
          <p className="text-sm text-slate-800">
            <mark className="rounded bg-amber-300 px-1 text-slate-950">Marked lines</mark> were missed last time.
          </p>
        )}
        <CameraOptions recorder={recorder} format={format} noteId={ids.frame} />

        <div ref={controls}>
          <RecordButton
            status={status}
            startLabel={`Start recording shot ${shot.number}`}
            lengthSeconds={lengthSeconds}
            onPrepare={recorder.prepare}
            onStart={() => {
              setHighlight(null);
              void recorder.start();
            }}
            onStop={recorder.stop}
          />
        </div>

        {take && !recording && (
          <TakeResult
            showId={show.id}
            take={take}
            item={item}
            check={check}
            shot={takeShot}
            nextNumber={nextNumber}
            choosing={chooser.choosing}
            onUse={use}
            onUndoSwitch={undoSwitch}
            onRecordAgain={recordAgain}
            onNext={next}
            onRetryUpload={() => item && void clips.retry(item)}
          />
        )}
      </CardContent>
    </Card>
  );
}
