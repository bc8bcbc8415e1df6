import { z } from "zod";
import { passwordSchema, STAFF_ROLES, usernameSchema } from "./auth.ts";

/**
 * The camp's staff, managed by the director in the app: GET/POST /api/staff/accounts,
 * PATCH/DELETE /api/staff/accounts/:id. Creating or removing staff and setting a password need the
 * director's password typed again (POST /api/staff/reauth).
 */
const cabinNames = z
  .array(z.string({ error: "Cabin names must be text" }).trim().min(1, "A cabin needs a name").max(60, "A cabin name must be at most 60 characters"), {
    error: "cabins must be a list of cabin names",
  })
  .max(50, "At most 50 cabins");

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  cabins: z.array(z.string()),
  /** The signed-in director's own account (it cannot be removed here). */
  isYou: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const createStaffBodySchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(STAFF_ROLES, { error: "role must be admin or counselor" }),
  cabins: cabinNames.default([]),
});
export type CreateStaffBody = z.infer<typeof createStaffBodySchema>;

export const updateStaffBodySchema = z
  .strictObject({
    role: z.enum(STAFF_ROLES, { error: "role must be admin or counselor" }).optional(),
    cabins: cabinNames.optional(),
    password: passwordSchema.optional(),
  })
  .refine((b) => b.role !== undefined || b.cabins !== undefined || b.password !== undefined, { message: "Say what to change: role, cabins or password" });
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

export const STAFF_TEAM_MESSAGES = {
  notFound: "There is no staff account with that id",
  notYourself: "You can't remove your own account here",
  lastAdmin: "The camp needs at least one director (admin): make another admin first",
  taken: "That username is taken. Please choose another one.",
} as const;
