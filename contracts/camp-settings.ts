import { z } from "zod";
import { hexColourSchema } from "./video-style.ts";
import { CAMPER_IDLE_MINUTES, CAMP_NAME_MAX } from "./camp-settings-constants.ts";
export * from "./camp-settings-constants.ts";

export const CAMP_SETTINGS_MESSAGES = {
  idleMinutes: `Minutes away must be 0 (never sign out) or a whole number from ${CAMPER_IDLE_MINUTES.min} to ${CAMPER_IDLE_MINUTES.max}`,
  campName: `The camp's name must be 1 to ${CAMP_NAME_MAX} characters`,
} as const;

export const camperIdleMinutesSchema = z
  .number({ error: CAMP_SETTINGS_MESSAGES.idleMinutes })
  .int(CAMP_SETTINGS_MESSAGES.idleMinutes)
  .refine((m) => m === CAMPER_IDLE_MINUTES.never || (m >= CAMPER_IDLE_MINUTES.min && m <= CAMPER_IDLE_MINUTES.max), {
    message: CAMP_SETTINGS_MESSAGES.idleMinutes,
  });

/** PUT /api/staff/camp-settings (the director only), and what GET answers. */
export const campSettingsBodySchema = z.strictObject({
  campName: z
    .string({ error: CAMP_SETTINGS_MESSAGES.campName })
    .trim()
    .min(1, CAMP_SETTINGS_MESSAGES.campName)
    .max(CAMP_NAME_MAX, CAMP_SETTINGS_MESSAGES.campName),
  camperIdleMinutes: camperIdleMinutesSchema,
  /** The camp's colours on videos' title and end cards (absent: unchanged). */
  colour: hexColourSchema.optional(),
  accentColour: hexColourSchema.optional(),
});
export type CampSettingsBody = z.infer<typeof campSettingsBodySchema>;

export const campSettingsSchema = z.object({
  campName: z.string(),
  camperIdleMinutes: z.number().int(),
  colour: z.string(),
  accentColour: z.string(),
  /** When they were last changed; null while they are the defaults. */
  updatedAt: z.string().nullable(),
});
export type CampSettings = z.infer<typeof campSettingsSchema>;

/**
 * GET /api/camp-settings/idle (public: nothing personal): the minutes a camper's session survives
 * without a request, 0 for never. The client warns a minute before and signs out at the end, so it
 * knows the time before the first request fails.
 */
export const idleSignOutSchema = z.object({ camperIdleMinutes: z.number().int() });
export type IdleSignOut = z.infer<typeof idleSignOutSchema>;
