import { z } from "zod";

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

/** Marks a path-id issue the error handler answers with 404 instead of 400. */
export const NOT_FOUND_ISSUE = { status: 404 } as const;

/** An id inside a JSON body (or any already-numeric value). */
export function idSchema(label = "Id") {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(ID_MIN, `${label} must be at least ${ID_MIN}`)
    .max(ID_MAX, `${label} must be at most ${ID_MAX}`);
}

/** Decimal digits only: no sign, no exponent, no spaces (what `Number()` alone would accept). */
const WHOLE_NUMBER = /^\d+$/;

/** An id in a query string: digits within the database's range, else 400. */
export function idQuerySchema(label = "Id") {
  return z
    .string()
    .regex(WHOLE_NUMBER, `${label} must be a whole number`)
    .transform(Number)
    .pipe(idSchema(label));
}

/** An id in a path: `{ id }` params whose out-of-range whole numbers answer 404 with `notFoundMessage`. */
export function idParamsSchema(label: string, notFoundMessage: string) {
  return z.strictObject({
    id: z
      .string()
      .regex(WHOLE_NUMBER, `${label} id must be a whole number`)
      .transform((raw, ctx) => {
        const id = Number(raw);
        if (id < ID_MIN || id > ID_MAX) {
          ctx.addIssue({ code: "custom", message: notFoundMessage, params: NOT_FOUND_ISSUE });
          return z.NEVER;
        }
        return id;
      }),
  });
}

/** An id the client reads from a string of its own (tus metadata, multipart fields): a valid id or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !WHOLE_NUMBER.test(raw)) return null;
  const id = Number(raw);
  return id >= ID_MIN && id <= ID_MAX ? id : null;
}
