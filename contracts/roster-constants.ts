/**
 * The zod-free part of contracts/roster.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * The camp roster (decision 027c). The director sends a CSV, `POST /api/staff/roster`
 * with `Content-Type: text/csv`: a header row naming the columns (any order, letter case and spaces do
 * not matter), then one camper a line. The roster collects only a first name and a last initial.
 *
 *   first_name,last_initial,cabin,session,media_release
 *   Zoë,D,Pines,July A,yes
 *
 * Each row is made (a camper account with a friendly username, no password, a sign-in code), matched (a
 * camper with the same first name, last initial, cabin and session exists: nothing is made; a changed
 * media_release is applied and the row says `updated`) or refused (with its line and why). The header
 * is line 1.
 */
export const ROSTER_COLUMNS = ["first_name", "last_initial", "cabin", "session", "media_release"] as const;

export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

export const ROSTER_LIMITS = { maxBytes: 1024 * 1024, maxRows: 2000, firstNameMax: 40, cabinMax: 60, sessionMax: 60 } as const;

export const ROSTER_MESSAGES = {
  notCsv: "Send the roster as CSV text (Content-Type: text/csv)",
  empty: "The roster is empty: the first line must name the columns (first_name,last_initial,cabin,session,media_release)",
  tooBig: `The roster is too large: send at most ${ROSTER_LIMITS.maxRows} campers (1 MB) at a time`,
  notUtf8: "The roster is not UTF-8 text: save it as \"CSV UTF-8\" and try again",
  privacy: "The roster collects only each camper's first name and last initial.",
} as const;
