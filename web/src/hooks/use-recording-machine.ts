import { useEffect, useState, useSyncExternalStore } from "react";
import { RecordingMachine, type RecordingMachineOptions, type RecordingState } from "../lib/recording-machine.ts";

/**
 * One RecordingMachine for the life of the component, its state as React state; leaving the screen
 * stops the take and frees the camera or microphone. The options are read once: pass functions that
 * read refs, not values of one render.
 */
export function useRecordingMachine(options: RecordingMachineOptions): RecordingState & { machine: RecordingMachine } {
  const [machine] = useState(() => new RecordingMachine(options));
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  useEffect(() => machine.connect(), [machine]);
  return { ...state, machine };
}
