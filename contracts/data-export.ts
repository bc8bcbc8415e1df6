import { z } from "zod";

export * from "./data-export-constants.ts";

/**
 * An archive reads every file the camper has: a handful an hour is plenty for anyone taking their
 * data, and keeps a stuck "download" button (or a script) from tying up the disk or the bucket.
 */
export const EXPORT_LIMITS = { perCamperPerHour: 5, perStaffPerHour: 30 } as const;
/**
 * GET /api/user/export/allowance: how many archives the camper may still download this hour. The
 * archive is a plain download link (a browser shows a refused download only as "Failed"), so the
 * screen asks first and says in words when the next one can start.
 */
export const exportAllowanceSchema = z.object({
  remaining: z.number().int().min(0),
  /** Seconds until the hour's count starts again; 0 when nothing was downloaded this hour. */
  resetInSeconds: z.number().min(0),
});
export type ExportAllowance = z.infer<typeof exportAllowanceSchema>;
