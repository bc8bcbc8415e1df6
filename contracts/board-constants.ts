/**
 * The zod-free part of contracts/board.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

import type { BoardCamper } from "./board.ts";

/**
 * The cabin board (GET /api/staff/board): a counselor's campers, the step each is on and what waits for
 * the counselor. The director sees every cabin and filters by session and cabin.
 *
 * The steps, from the camper's newest show: reflect (no show, or no answers yet), script (answers but no
 * narration), record (narration but no clips), editor (clips, not sent; or changes were asked), sent
 * (waiting for review), approved, shared (approved with a live share link that plays).
 */
export const CAMPER_STEPS = ["reflect", "script", "record", "editor", "sent", "approved", "shared"] as const;

export type CamperStep = (typeof CAMPER_STEPS)[number];

export const CAMPER_STEP_LABELS: Record<CamperStep, string> = {
  reflect: "Reflecting",
  script: "Writing the script",
  record: "Recording",
  editor: "Editing",
  sent: "Sent for review",
  approved: "Approved",
  shared: "Shared",
};

/** The name the board shows: "Maya R." from the roster, else the username. */
export function camperDisplayName(c: Pick<BoardCamper, "firstName" | "lastInitial" | "username">): string {
  if (!c.firstName) return c.username;
  return c.lastInitial ? `${c.firstName} ${c.lastInitial}.` : c.firstName;
}
