import { z } from "zod";
import { SUBSCRIPTION_TIERS } from "./product.ts";

export const USERNAME_RULES = { min: 3, max: 32, pattern: /^[A-Za-z0-9._-]+$/ } as const;
export const PASSWORD_RULES = { min: 8, max: 128 } as const;

export const usernameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Username is required" : "Username must be text") })
  .trim()
  .min(USERNAME_RULES.min, `Username must be at least ${USERNAME_RULES.min} characters`)
  .max(USERNAME_RULES.max, `Username must be at most ${USERNAME_RULES.max} characters`)
  .regex(USERNAME_RULES.pattern, "Username may use only letters, digits, dots, dashes and underscores");

export const passwordSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Password is required" : "Password must be text") })
  .min(PASSWORD_RULES.min, `Password must be at least ${PASSWORD_RULES.min} characters`)
  .max(PASSWORD_RULES.max, `Password must be at most ${PASSWORD_RULES.max} characters`);

/** Registration checks the full rules. */
export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * Sign-in only needs both fields present: checking the rules here would tell an attacker which
 * usernames cannot exist, and an account made before a rule change must still be able to sign in.
 */
export const loginBodySchema = z.strictObject({
  username: z.string({ error: (issue) => (issue.input === undefined ? "Username is required" : "Username must be text") }).trim().min(1, "Username is required").max(200),
  password: z.string({ error: (issue) => (issue.input === undefined ? "Password is required" : "Password must be text") }).min(1, "Password is required").max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** DELETE /api/user: the password again, so a borrowed unlocked laptop cannot erase an account. */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Campers make shows; camp staff review them. Staff accounts are made on the server only. */
export const USER_ROLES = ["camper", "staff"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The user as every API response shows it: never the password or its hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  recordingsCount: z.number().int(),
  role: z.enum(USER_ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const AUTH_MESSAGES = {
  invalidCredentials: "Incorrect username or password",
  usernameTaken: "That username is taken. Please choose another one.",
  signedOut: "You need to sign in first",
  wrongPassword: "That password is not right",
  staffOnly: "This part of the app is for camp staff",
} as const;
