import { z } from "zod";
import { SHARE_DAYS } from "./shares-constants.ts";
export * from "./shares-constants.ts";

/** The path of a share link's watch page; the token is the only secret in it. */
export const sharePath = (token: string) => `/s/${token}`;

/** POST /api/recordings/:id/shares and POST /api/staff/shows/:id/shares */
export const createShareBodySchema = z
  .strictObject({
    days: z
      .literal(SHARE_DAYS, { error: `days must be one of ${SHARE_DAYS.join(", ")}` })
      .optional(),
  })
  .nullish();
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const SHARE_STATES = ["active", "expired", "revoked"] as const;

/** A share link as its camper and staff see it: never the token (only its hash is kept). */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  /** The show it plays, or null for a cabin reel's link (reelId names the reel). */
  showId: z.number().int().nullable(),
  reelId: z.number().int().nullable().default(null),
  state: z.enum(SHARE_STATES),
  views: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer to making a link: the only time the token is ever sent. */
export const createdShareSchema = z.object({
  share: shareLinkSchema,
  token: z.string(),
  /** /s/{token}; the client puts its own origin in front. */
  path: z.string(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** GET /api/recordings/:id/shares (and the staff twin): whether sharing is open now, and every link. */
export const showSharesSchema = z.object({
  canShare: z.boolean(),
  /** Why not, in words for the camper, when canShare is false. */
  reason: z.string().nullable(),
  links: z.array(shareLinkSchema),
});
export type ShowShares = z.infer<typeof showSharesSchema>;
