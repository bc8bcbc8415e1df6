/**
 * The zod-free part of contracts/ids.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * Row ids are PostgreSQL `integer` (serial) columns, so every id lies in 1 .. 2^31-1. Every id the API
 * reads goes through one of these schemas, so a number the database cannot hold never reaches a query.
 *
 * - In a path an id names a thing: any whole number that names nothing is "not found" (404), whatever its
 *   size, like any other missing show; text that is not a whole number is a bad request (400).
 * - In a body or a query an id is a value the camper sent: out of range is a bad request (400).
 */
export const ID_MIN = 1;

export const ID_MAX = 2_147_483_647;

/** Decimal digits only: no sign, no exponent, no spaces (what `Number()` alone would accept). */
export const WHOLE_NUMBER = /^\d+$/;

/** An id the client reads from a string of its own (tus metadata, multipart fields): a valid id or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !WHOLE_NUMBER.test(raw)) return null;
  const id = Number(raw);
  return id >= ID_MIN && id <= ID_MAX ? id : null;
}
