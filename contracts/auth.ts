import { z } from "zod";
import { SUBSCRIPTION_TIERS } from "./product.ts";
import { PASSWORD_RULES, STAFF_ROLES, type StaffRole } from "./auth-constants.ts";
export * from "./auth-constants.ts";

export const USERNAME_RULES = { min: 3, max: 32, pattern: /^[A-Za-z0-9._-]+$/ } as const;
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

/** The account's password typed again (like sign-in, only present: an old password may break today's rules). */
const currentPasswordSchema = z.string({ error: "Password is required" }).min(1, "Password is required").max(1024);

/** A sign-in card's code as typed: any letter case, with or without its dash or spaces (checked on the server). */
export const loginCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Code is required" : "Code must be text") })
  .trim()
  .min(1, "Code is required")
  .max(64, "That is too long for a card code");

/** POST /api/login/code: signs in with the code on a camper's sign-in card (decision 027b). */
export const loginCodeBodySchema = z.strictObject({ code: loginCodeSchema });
export type LoginCodeBody = z.infer<typeof loginCodeBodySchema>;

/**
 * DELETE /api/user: the password again, so a borrowed unlocked laptop cannot erase an account. A camper
 * who signs in by card only has no password: they type their card's code instead.
 */
export const deleteAccountBodySchema = z
  .strictObject({ password: currentPasswordSchema.optional(), code: loginCodeSchema.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: "Please type your password (or, if you have none, the code on your sign-in card)",
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * PUT /api/user/password: the password in use, and the new one under the registration rules. An account
 * without a password (a camper who signs in by card) adds one without `currentPassword`; an account with
 * one must send it.
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema.optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /api/user/sign-in-methods: what the Profile page offers ("Add a password" or "Change password"). */
export const signInMethodsSchema = z.object({ hasPassword: z.boolean(), hasCard: z.boolean() });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** POST /api/user/sign-out-others: how many other sessions (devices) were signed out. */
export const signedOutOthersSchema = z.object({ endedSessions: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

/**
 * POST /api/staff/reauth: staff type their password again before a camper's data leaves the app or
 * the retention rule changes; the session stays confirmed for `confirmedForSeconds`.
 */
export const staffReauthBodySchema = z.strictObject({ password: currentPasswordSchema });
export type StaffReauthBody = z.infer<typeof staffReauthBodySchema>;
export const staffReauthSchema = z.object({ confirmedForSeconds: z.number().int() });
export type StaffReauth = z.infer<typeof staffReauthSchema>;

export const USER_ROLES = ["camper", ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const isStaffRole = (role: UserRole): role is StaffRole => role !== "camper";

/** The user as every API response shows it: never the password or its hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  recordingsCount: z.number().int(),
  role: z.enum(USER_ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
