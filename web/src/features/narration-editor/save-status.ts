import { ApiError, ContractError } from "../../api/client.ts";

// What an autosave is doing, as the editor shows it, and when a failed save is tried again.

const RETRY_DELAYS_MS = [2000, 4000, 8000, 16000, 30000];

/**
 * idle: nothing changed yet; saving: a change is on its way; saved: the server has everything;
 * retrying: the last save failed (offline, server busy) and will be tried again; failed: the server
 * refused the change and retrying can't help.
 */
export type SaveStatus = "idle" | "saving" | "saved" | "retrying" | "failed";

export function saveStatusText(status: SaveStatus, failure: string | null): string {
  switch (status) {
    case "saving":
      return "Saving...";
    case "saved":
      return "Saved";
    case "retrying":
      return "Not saved — retrying";
    case "failed":
      return `Not saved: ${failure ?? "please try again"}`;
    default:
      return "";
  }
}

/**
 * Worth sending again: the network or the server failed. A refusal (400, 403, 409...) stays one, and
 * so does an answer the client cannot read (sending it again gets the same answer).
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ContractError) return false;
  if (!(error instanceof ApiError)) return true; // network failure
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The pause before retry number `attempt` (from 0): growing, then steady at the longest. */
export function retryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
}
