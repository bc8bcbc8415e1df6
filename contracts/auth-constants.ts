/**
 * The zod-free part of contracts/auth.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

export const PASSWORD_RULES = { min: 8, max: 128 } as const;

/**
 * Campers make shows; camp staff review them. Staff are the director (`admin`: everything, every cabin,
 * manages staff and retention) and counselors (`counselor`: only the campers of their own cabins).
 * Staff accounts are made by `npm run staff:add` on the server or by an admin in the app (decision 027a).
 */
export const STAFF_ROLES = ["admin", "counselor"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const AUTH_MESSAGES = {
  invalidCredentials: "Incorrect username or password",
  usernameTaken: "That username is taken. Please choose another one.",
  signedOut: "You need to sign in first",
  wrongPassword: "That password is not right",
  staffOnly: "This part of the app is for camp staff",
  adminOnly: "Only the camp director can do this",
  commonPassword: "Lots of people use that password, so it would be easy to guess. Please choose another one: a few words only you would put together work well.",
  passwordAgain: "Please type your password again to do this.",
  wrongCode: "That code didn't work. Check it with your counselor.",
  wrongCardCode: "That is not the code on your sign-in card",
  currentPasswordRequired: "Password is required: please type the password you use now",
} as const;
