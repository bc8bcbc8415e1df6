import { z } from "zod";

/**
 * The camp's media retention rule. Campers' media (clips with their posters,
 * voice samples, voice-overs, rendered videos and captions) made before the deletion moment is
 * deleted when it passes; accounts, shows (answers, scripts, choices), reviews and the audit log stay.
 */
export const RETENTION_LIMITS = { maxAfterDays: 3650, warnDays: 7 } as const;

export const RETENTION_MESSAGES = {
  badDate: "Start date must be a real day written YYYY-MM-DD",
  alreadyPassed: "That deletion date has already passed: pick a later date",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /api/staff/retention — "delete campers' media afterDays days after startsOn". */
export const retentionRuleBodySchema = z.strictObject({
  startsOn: z
    .string({ error: RETENTION_MESSAGES.badDate })
    .regex(DAY, RETENTION_MESSAGES.badDate)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
      message: RETENTION_MESSAGES.badDate,
    }),
  afterDays: z
    .number({ error: "Days must be a whole number" })
    .int("Days must be a whole number")
    .min(0, "Days must be 0 or more")
    .max(RETENTION_LIMITS.maxAfterDays, `Days must be at most ${RETENTION_LIMITS.maxAfterDays}`),
});
export type RetentionRuleBody = z.infer<typeof retentionRuleBodySchema>;

export const retentionRuleSchema = z.object({
  startsOn: z.string(),
  afterDays: z.number().int(),
  /** When the media goes: midnight UTC, afterDays after startsOn. */
  deleteAt: z.string(),
  setByUsername: z.string(),
  setAt: z.string(),
  /** When housekeeping deleted the announced media; null while it is still to come. */
  executedAt: z.string().nullable(),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

/** GET /api/retention — what every signed-in camper may know: the rule, if there is one. */
export const retentionStatusSchema = z.object({ rule: retentionRuleSchema.nullable() });
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;

export const RETENTION_KINDS = ["clip", "voice_sample", "voice_over", "render"] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_KIND_LABELS: Record<RetentionKind, string> = {
  clip: "Clip",
  voice_sample: "Voice sample",
  voice_over: "AI voice-over",
  render: "Final video",
};

/** One row the rule deletes, with every stored file that goes with it. */
export const announcedItemSchema = z.object({
  kind: z.enum(RETENTION_KINDS),
  /** The row's id (for a voice sample: the camper's id, its key). */
  id: z.number().int(),
  camperUserId: z.number().int(),
  camperUsername: z.string(),
  showId: z.number().int().nullable(),
  storageKeys: z.array(z.string()),
  createdAt: z.string(),
});
export type AnnouncedItem = z.infer<typeof announcedItemSchema>;

/** GET /api/staff/retention — the rule and exactly what housekeeping will delete when it passes. */
export const retentionAnnouncementSchema = z.object({
  rule: retentionRuleSchema.nullable(),
  /** True from a week before the deletion until it has run: staff pages show a warning. */
  warning: z.boolean(),
  items: z.array(announcedItemSchema),
  campers: z.number().int(),
});
export type RetentionAnnouncement = z.infer<typeof retentionAnnouncementSchema>;
