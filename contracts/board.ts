import { z } from "zod";
import { idQuerySchema } from "./ids.ts";
import { CAMPER_STEPS } from "./board-constants.ts";
export * from "./board-constants.ts";

export const boardQuerySchema = z.strictObject({
  session: idQuerySchema("Session").optional(),
  cabin: idQuerySchema("Cabin").optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const boardCamperSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** From the roster; null for a camper who registered themselves. */
  firstName: z.string().nullable(),
  lastInitial: z.string().nullable(),
  cabin: namedSchema.nullable(),
  session: namedSchema.nullable(),
  /** The family's media release: without it no share link and no reel. */
  mediaRelease: z.boolean(),
  step: z.enum(CAMPER_STEPS),
  /** The newest change among the camper's shows and clips; null before they made anything. */
  lastWorkedAt: z.string().nullable(),
  /** The camper's newest show (its step is the camper's). */
  show: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** What waits for the counselor: the camper's videos sent for review, and the one sent longest ago. */
  waiting: z.object({ count: z.number().int(), showId: z.number().int(), since: z.string() }).nullable(),
});
export type BoardCamper = z.infer<typeof boardCamperSchema>;

/** Videos to review first (longest waiting first), then by when the camper last worked, newest first. */
export const boardSchema = z.object({
  campers: z.array(boardCamperSchema),
  /** The cabins the caller reaches (a counselor's own; every cabin for the director), for the filter. */
  cabins: z.array(namedSchema),
  sessions: z.array(namedSchema),
});
export type Board = z.infer<typeof boardSchema>;
