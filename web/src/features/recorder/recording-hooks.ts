import { useEffect, useRef, useState } from "react";
import { announce } from "../../lib/announce.ts";
import { formatClock } from "../../lib/time-format.ts";

/** Seconds-left warnings before the automatic stop, each said once per recording. */
export const TIME_LEFT_WARNINGS = [30, 10] as const;

/** The warning due at this moment of a recording, if any (only for recordings long enough to need it). */
export function timeLeftWarning(elapsed: number, lengthSeconds: number, alreadySaid: ReadonlySet<number>): number | null {
  const left = lengthSeconds - elapsed;
  // Nearest first: when a throttled tab passes both at once, only the nearer one is due.
  for (const warning of [...TIME_LEFT_WARNINGS].sort((a, b) => a - b)) {
    // A 30-second recording starts with "stops by itself at 0:30"; "30 seconds left" would only repeat it.
    if (lengthSeconds > warning && left <= warning && left > 0 && !alreadySaid.has(warning)) return warning;
  }
  return null;
}

/**
 * What a screen reader hears of a recording: started (with when it stops), 30 and 10 seconds
 * left, and stopped. "Saved" follows from the clip list once the server has every byte.
 */
export function useRecordingAnnouncements(status: string, elapsed: number, lengthSeconds: number) {
  const previous = useRef(status);
  const warned = useRef(new Set<number>());
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === "recording" && before !== "recording") {
      warned.current = new Set();
      announce(`Recording started. It stops by itself at ${formatClock(lengthSeconds)}.`);
    } else if (status === "idle" && (before === "recording" || before === "stopping")) {
      announce("Recording stopped. The clip is kept on this device and uploading.");
    }
  }, [status, lengthSeconds]);
  useEffect(() => {
    if (status !== "recording") return;
    const warning = timeLeftWarning(elapsed, lengthSeconds, warned.current);
    if (warning === null) return;
    // Both thresholds may be passed at once (a throttled tab): say the nearer one only.
    TIME_LEFT_WARNINGS.filter((w) => w >= warning).forEach((w) => warned.current.add(w));
    announce(`${warning} seconds left`);
  }, [status, elapsed, lengthSeconds]);
}

/** The camera track's width / height once known (null before the camera is on). */
export function useCameraShape(stream: MediaStream | null): number | null {
  const [shape, setShape] = useState<number | null>(null);
  useEffect(() => {
    const track = stream?.getVideoTracks?.()[0];
    const settings = track?.getSettings?.();
    setShape(settings?.width && settings.height ? settings.width / settings.height : null);
  }, [stream]);
  return shape;
}
