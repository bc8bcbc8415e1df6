import { z } from "zod";
import { ROSTER_LIMITS } from "./roster-constants.ts";
export * from "./roster-constants.ts";

/** media_release values, in any letter case. */
export const MEDIA_RELEASE_YES = ["yes", "y", "true", "1"] as const;
export const MEDIA_RELEASE_NO = ["no", "n", "false", "0"] as const;

const camperRow = {
  /** The roster line (the header is line 1). */
  line: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  cabin: z.string(),
  session: z.string(),
  mediaRelease: z.boolean(),
};

export const rosterMadeSchema = z.object({
  ...camperRow,
  /** The sign-in code, printed form ("KQ7M-3XPR"): readable only in this answer (stored hashed). */
  code: z.string(),
});
export const rosterMatchedSchema = z.object({
  ...camperRow,
  /** The row's media_release differed from the camper's and was applied. */
  updated: z.boolean(),
});
export const rosterRefusedSchema = z.object({ line: z.number().int(), message: z.string() });

export const rosterResultSchema = z.object({
  made: z.array(rosterMadeSchema),
  matched: z.array(rosterMatchedSchema),
  refused: z.array(rosterRefusedSchema),
});
export type RosterMade = z.infer<typeof rosterMadeSchema>;
export type RosterMatched = z.infer<typeof rosterMatchedSchema>;
export type RosterRefused = z.infer<typeof rosterRefusedSchema>;
export type RosterResult = z.infer<typeof rosterResultSchema>;

/** GET /api/staff/campers: campers in the caller's scope (a counselor: their cabins only). */
export const staffCampersQuerySchema = z.strictObject({
  cabin: z.string().trim().max(ROSTER_LIMITS.cabinMax).optional(),
  session: z.string().trim().max(ROSTER_LIMITS.sessionMax).optional(),
});
export type StaffCampersQuery = z.infer<typeof staffCampersQuerySchema>;

export const staffCamperSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastInitial: z.string().nullable(),
  cabin: z.string().nullable(),
  session: z.string().nullable(),
  mediaRelease: z.boolean(),
  hasPassword: z.boolean(),
  hasCode: z.boolean(),
});
export type StaffCamper = z.infer<typeof staffCamperSchema>;

const placeName = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text or null` })
    .trim()
    .min(1, `${label} needs a name (or null to take the camper out)`)
    .max(max, `${label} name must be at most ${max} characters`)
    .nullable();

/** PATCH /api/staff/campers/:id: cabin and session (director only), media release (director or the cabin's counselor). */
export const placeCamperBodySchema = z
  .strictObject({
    cabin: placeName("Cabin", ROSTER_LIMITS.cabinMax).optional(),
    session: placeName("Session", ROSTER_LIMITS.sessionMax).optional(),
    mediaRelease: z.boolean({ error: "mediaRelease must be true or false" }).optional(),
  })
  .refine((b) => b.cabin !== undefined || b.session !== undefined || b.mediaRelease !== undefined, { message: "Say what to change: cabin, session or mediaRelease" });
export type PlaceCamperBody = z.infer<typeof placeCamperBodySchema>;

export const cabinSchema = z.object({ id: z.number().int(), name: z.string(), campers: z.number().int() });
export type Cabin = z.infer<typeof cabinSchema>;

export const campSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  campers: z.number().int(),
  /** When the director asked for the session's campers to be deleted; null when not asked. */
  deleteRequestedAt: z.string().nullable(),
  /** When housekeeping deletes them: the retention rule's moment (null when not asked). */
  deleteAt: z.string().nullable(),
});
export type CampSession = z.infer<typeof campSessionSchema>;

export const CAMP_SESSION_MESSAGES = {
  notFound: "There is no camp session with that id",
  noRetentionRule: "Set the retention rule first: a session's campers are deleted when its moment passes, and there is no rule yet",
  retentionDone: "The retention rule has already run: set a new retention rule first, then delete the session",
} as const;

export const CAMPER_MESSAGES = {
  notFound: "There is no camper with that id",
  placeAdminOnly: "Only the camp director can move a camper to another cabin or session",
} as const;
