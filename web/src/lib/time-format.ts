/** Whole seconds as m:ss (0:07, 1:30), cut down as media players show them; unknown reads 0:00. */
export function formatClock(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
