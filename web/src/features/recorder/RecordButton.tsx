import { Circle, Loader2, Square } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { formatClock } from "../../lib/time-format.ts";
import type { RecorderStatus } from "./use-recorder.ts";

/**
 * One button whose job changes (Start, then Stop), so keyboard focus stays on it from Start to Stop
 * and back, with the automatic stop said beside it. `data-record-button` lets a screen put focus on it.
 */
export function RecordButton({
  status,
  startLabel,
  lengthSeconds,
  onStart,
  onStop,
  onPrepare,
}: {
  status: RecorderStatus;
  startLabel: string;
  lengthSeconds: number;
  onStart: () => void;
  onStop: () => void;
  /** The camper reaching for Start (pointer or focus): fetch what a take needs. */
  onPrepare?: () => void;
}) {
  const recording = status === "recording" || status === "stopping";
  const onClick = () => {
    if (status === "recording") onStop();
    else if (status === "idle") onStart();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        data-record-button
        size="lg"
        variant={recording ? "destructive" : "default"}
        onClick={onClick}
        onPointerEnter={onPrepare}
        onFocus={onPrepare}
        // Not `disabled`: a disabled button drops keyboard focus while the camera starts.
        busy={status === "starting" || status === "stopping"}
        className="min-w-44"
      >
        {status === "starting" ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : recording ? (
          <Square aria-hidden="true" />
        ) : (
          <Circle aria-hidden="true" />
        )}
        {/* A fixed name while recording: the running time is in the REC badge, not read every second. */}
        {recording ? "Stop recording" : startLabel}
      </Button>
      <p className="text-sm text-slate-700">Stops by itself at {formatClock(lengthSeconds)}.</p>
    </div>
  );
}
