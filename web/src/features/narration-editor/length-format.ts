/**
 * Lengths as a camper reads them: "4.5 seconds" under a minute (trims move in tenths, so whole
 * seconds would hide a change), "1 min 05 s" above.
 */
export function formatSeconds(seconds: number): string {
  const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (value < 60) {
    const tenths = Math.round(value * 10) / 10;
    return `${tenths.toFixed(1)} ${tenths === 1 ? "second" : "seconds"}`;
  }
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** Words in a script, as the editor counts them (runs of non-space). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
