import { z } from "zod";
import { passwordSchema } from "./auth.ts";
import { idSchema } from "./ids.ts";

export * from "./cards-constants.ts";

/**
 * Sign-in cards (decision 027b). A card is what staff print for a camper: who it is for and the code
 * that signs them in. The code is readable only in the answer that issued it; the server keeps its hash.
 */
export const signInCardSchema = z.object({
  userId: z.number().int(),
  /** The roster's first name; a self-registered camper's username, as they have no other name on record. */
  firstName: z.string(),
  lastInitial: z.string().nullable(),
  /** The username too: a camper who adds a password signs in with it. */
  username: z.string(),
  cabin: z.string().nullable(),
  session: z.string().nullable(),
  /** The printed form, "KQ7M-3XPR". */
  code: z.string(),
});
export type SignInCard = z.infer<typeof signInCardSchema>;

/** POST /api/staff/campers/:id/card */
export const reissuedCardSchema = z.object({ card: signInCardSchema });
export type ReissuedCard = z.infer<typeof reissuedCardSchema>;

/** POST /api/staff/cabins/:id/cards: optionally only the campers of one camp session. */
export const cabinCardsBodySchema = z.strictObject({ sessionId: idSchema("Session id").optional() }).nullish();
export type CabinCardsBody = z.infer<typeof cabinCardsBodySchema>;

/** The cabin's sheet: every camper's new card, by first name. */
export const cabinCardsSchema = z.object({ cards: z.array(signInCardSchema) });
export type CabinCards = z.infer<typeof cabinCardsSchema>;

/** PUT /api/staff/campers/:id/password: staff set a password for a camper who wants one. */
export const staffSetPasswordBodySchema = z.strictObject({ password: passwordSchema });
export type StaffSetPasswordBody = z.infer<typeof staffSetPasswordBodySchema>;

export const CARD_MESSAGES = {
  camperNotFound: "No camper with that id",
  cabinNotFound: "No cabin with that id",
} as const;
